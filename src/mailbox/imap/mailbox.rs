//! The IMAP conversation: where the mailbox is ([`ImapSettings`]),
//! connecting in the configured security mode (STARTTLS by hand), and a
//! logged-in [`Mailbox`] that lists, fetches and settles messages.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::Duration;

use super::error::ImapError;
use super::tls::{self, Stream};
use crate::home::ImapTls;

/// Where the mailbox is and how to log in, with paths already resolved.
#[derive(Clone)]
pub struct ImapSettings {
    /// Host name or address.
    pub host: String,
    /// Port.
    pub port: u16,
    /// Connection security.
    pub tls: ImapTls,
    /// User name.
    pub user: String,
    /// Password.
    pub password: String,
    /// An extra trusted root certificate (PEM).
    pub ca_file: Option<PathBuf>,
    /// The folder read.
    pub folder: String,
    /// Where handled mail is moved; `None` to mark it seen in place.
    pub processed_folder: Option<String>,
    /// Read and write timeout of the socket.
    pub timeout: Duration,
}

impl std::fmt::Debug for ImapSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImapSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("password", &"<redacted>")
            .field("ca_file", &self.ca_file)
            .field("folder", &self.folder)
            .field("processed_folder", &self.processed_folder)
            .finish()
    }
}

fn failed(command: &'static str) -> impl FnOnce(imap::Error) -> ImapError {
    move |source| ImapError::Command {
        command,
        source: Box::new(source),
    }
}

/// A logged-in session with the folder selected.
pub struct Mailbox {
    session: imap::Session<Box<dyn Stream>>,
    processed: Option<String>,
    uid_validity: u32,
    can_move: bool,
}

impl Mailbox {
    /// Connects, logs in and selects the folder; creates the processed
    /// folder when one is set and it is missing.
    pub fn open(settings: &ImapSettings) -> Result<Mailbox, ImapError> {
        let client = connect(settings)?;
        let mut session =
            client
                .login(&settings.user, &settings.password)
                .map_err(|(source, _)| ImapError::Login {
                    user: settings.user.clone(),
                    source: Box::new(source),
                })?;
        let caps = session.capabilities().map_err(failed("CAPABILITY"))?;
        let can_move = caps.has_str("MOVE");
        if let Some(folder) = &settings.processed_folder {
            let listed = session.list(None, Some(folder)).map_err(failed("LIST"))?;
            if listed.is_empty() {
                session.create(folder).map_err(failed("CREATE"))?;
            }
        }
        let selected = session.select(&settings.folder).map_err(failed("SELECT"))?;
        Ok(Mailbox {
            session,
            processed: settings.processed_folder.clone(),
            uid_validity: selected.uid_validity.unwrap_or(0),
            can_move,
        })
    }

    /// Returns the folder's UIDVALIDITY (UIDs are unique under it).
    pub(crate) fn uid_validity(&self) -> u32 {
        self.uid_validity
    }

    /// Returns the UIDs of the unseen messages, oldest first.
    pub fn unseen(&mut self) -> Result<Vec<u32>, ImapError> {
        let found = self
            .session
            .uid_search("UNSEEN")
            .map_err(failed("UID SEARCH"))?;
        let mut uids: Vec<u32> = found.into_iter().collect();
        uids.sort_unstable();
        Ok(uids)
    }

    /// Returns the raw message `uid` without marking it seen; `None` when
    /// it is gone (another reader moved or expunged it).
    pub fn fetch(&mut self, uid: u32) -> Result<Option<Vec<u8>>, ImapError> {
        let fetches = self
            .session
            .uid_fetch(uid.to_string(), "(UID BODY.PEEK[])")
            .map_err(failed("UID FETCH"))?;
        Ok(fetches
            .iter()
            .find(|f| f.uid == Some(uid))
            .and_then(|f| f.body())
            .map(<[u8]>::to_vec))
    }

    /// Marks `uid` seen, then moves it to the processed folder if one is set.
    pub fn settle(&mut self, uid: u32) -> Result<(), ImapError> {
        let id = uid.to_string();
        self.session
            .uid_store(&id, "+FLAGS.SILENT (\\Seen)")
            .map_err(failed("UID STORE"))?;
        let Some(folder) = self.processed.clone() else {
            return Ok(());
        };
        if self.can_move {
            return self
                .session
                .uid_mv(&id, &folder)
                .map_err(failed("UID MOVE"));
        }
        self.session
            .uid_copy(&id, &folder)
            .map_err(failed("UID COPY"))?;
        self.session
            .uid_store(&id, "+FLAGS.SILENT (\\Deleted)")
            .map_err(failed("UID STORE"))?;
        self.session
            .uid_expunge(&id)
            .map(|_| ())
            .map_err(failed("UID EXPUNGE"))
    }

    /// Logs out (a failure here loses nothing).
    pub fn close(mut self) {
        let _ = self.session.logout();
    }
}

/// Opens the connection in the configured security mode and reads the greeting.
fn connect(s: &ImapSettings) -> Result<imap::Client<Box<dyn Stream>>, ImapError> {
    let tcp =
        TcpStream::connect((s.host.as_str(), s.port)).map_err(|source| ImapError::Connect {
            host: s.host.clone(),
            port: s.port,
            source,
        })?;
    let timeouts = tcp
        .set_read_timeout(Some(s.timeout))
        .and_then(|()| tcp.set_write_timeout(Some(s.timeout)));
    timeouts.map_err(|source| ImapError::Connect {
        host: s.host.clone(),
        port: s.port,
        source,
    })?;
    let stream: Box<dyn Stream> = match s.tls {
        ImapTls::None => Box::new(tcp),
        ImapTls::Tls => tls::wrap(tls::client_config(s.ca_file.as_deref())?, &s.host, tcp)?,
        ImapTls::Starttls => return starttls(s, tcp),
    };
    let mut client = imap::Client::new(stream);
    client.read_greeting().map_err(failed("greeting"))?;
    Ok(client)
}

/// Reads the greeting in plain text, asks for STARTTLS, and goes on over
/// TLS. (The client crate keeps its own STARTTLS to itself, and the
/// exchange is two lines.)
fn starttls(s: &ImapSettings, tcp: TcpStream) -> Result<imap::Client<Box<dyn Stream>>, ImapError> {
    let io = |e: std::io::Error| ImapError::Tls(format!("STARTTLS: {e}"));
    let mut reader = BufReader::new(&tcp);
    let mut line = String::new();
    reader.read_line(&mut line).map_err(io)?;
    if !line.starts_with("* OK") {
        return Err(ImapError::Tls(format!("greeting: {}", line.trim_end())));
    }
    (&tcp).write_all(b"t0 STARTTLS\r\n").map_err(io)?;
    loop {
        line.clear();
        if reader.read_line(&mut line).map_err(io)? == 0 {
            return Err(ImapError::Tls("STARTTLS: connection closed".into()));
        }
        if line.starts_with("t0 ") {
            break;
        }
    }
    if !line.starts_with("t0 OK") || !reader.buffer().is_empty() {
        return Err(ImapError::Tls(format!(
            "STARTTLS refused: {}",
            line.trim_end()
        )));
    }
    let stream = tls::wrap(tls::client_config(s.ca_file.as_deref())?, &s.host, tcp)?;
    let mut client = imap::Client::new(stream);
    client.greeting_read = true;
    Ok(client)
}
