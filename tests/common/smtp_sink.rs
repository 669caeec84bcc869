//! A std-only SMTP server on 127.0.0.1 for tests: records every mail it
//! accepts and can be told to refuse RCPT or DATA with a given code.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// One accepted mail: the envelope and the data with dot-stuffing undone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// Every line up to the final `.`, CRLFs included.
    pub data: Vec<u8>,
}

/// Which command a refusal answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Rcpt,
    /// The answer after the data's final dot.
    Data,
}

#[derive(Default)]
struct Shared {
    received: Mutex<Vec<Received>>,
    refuse: Mutex<Option<(Stage, u16)>>,
    stop: AtomicBool,
}

/// The running server; it stops when dropped.
pub struct SmtpSink {
    addr: SocketAddr,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl SmtpSink {
    pub fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local addr");
        let shared = Arc::new(Shared::default());
        let state = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if state.stop.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    let _ = session(stream, &state);
                }
            }
        });
        SmtpSink {
            addr,
            shared,
            thread: Some(thread),
        }
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Answers every later `stage` command with `code` (e.g. 451 or 550).
    pub fn refuse(&self, stage: Stage, code: u16) {
        *self.shared.refuse.lock().unwrap() = Some((stage, code));
    }

    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().unwrap().clone()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr); // wakes the blocked accept
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn session(stream: TcpStream, state: &Shared) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut out = stream.try_clone()?;
    let mut input = BufReader::new(stream);
    let refused = |stage| state.refuse.lock().unwrap().filter(|(s, _)| *s == stage);
    let mut mail: Option<Received> = None;
    out.write_all(b"220 sink ESMTP\r\n")?;
    loop {
        let line = read_line(&mut input)?;
        if line.is_empty() {
            return Ok(()); // the client hung up
        }
        let text = String::from_utf8_lossy(&line);
        let verb = text.get(..4).unwrap_or("").to_ascii_uppercase();
        let reply: String = match verb.as_str() {
            "EHLO" => "250-sink\r\n250 8BITMIME\r\n".into(),
            "HELO" | "NOOP" => "250 ok\r\n".into(),
            "RSET" => {
                mail = None;
                "250 ok\r\n".into()
            }
            "QUIT" => {
                out.write_all(b"221 bye\r\n")?;
                return Ok(());
            }
            "MAIL" => {
                let from = path(&text);
                mail = Some(Received {
                    from,
                    to: Vec::new(),
                    data: Vec::new(),
                });
                "250 ok\r\n".into()
            }
            "RCPT" => match (refused(Stage::Rcpt), mail.as_mut()) {
                (Some((_, code)), _) => format!("{code} sink refuses this recipient\r\n"),
                (None, Some(m)) => {
                    m.to.push(path(&text));
                    "250 ok\r\n".into()
                }
                (None, None) => "503 need MAIL first\r\n".into(),
            },
            "DATA" => match mail.take().filter(|m| !m.to.is_empty()) {
                None => "503 need RCPT first\r\n".into(),
                Some(mut m) => {
                    out.write_all(b"354 go ahead\r\n")?;
                    m.data = read_data(&mut input)?;
                    if let Some((_, code)) = refused(Stage::Data) {
                        format!("{code} sink refuses this message\r\n")
                    } else {
                        state.received.lock().unwrap().push(m);
                        "250 queued\r\n".into()
                    }
                }
            },
            _ => "502 unknown command\r\n".into(),
        };
        out.write_all(reply.as_bytes())?;
    }
}

/// The address between `<` and `>` in `MAIL FROM:<a>` or `RCPT TO:<a>`.
fn path(line: &str) -> String {
    let start = line.find('<').map_or(0, |i| i + 1);
    let end = line[start..].find('>').map_or(line.len(), |i| start + i);
    line[start..end].to_string()
}

fn read_line(input: &mut impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut line = Vec::new();
    input.read_until(b'\n', &mut line)?;
    Ok(line)
}

/// Reads DATA lines up to the lone `.`, removing the stuffed dots.
fn read_data(input: &mut impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut data = Vec::new();
    loop {
        let line = read_line(input)?;
        match line.as_slice() {
            b"" => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            b".\r\n" | b".\n" => return Ok(data),
            [b'.', rest @ ..] => data.extend_from_slice(rest),
            _ => data.extend_from_slice(&line),
        }
    }
}
