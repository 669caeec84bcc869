//! The IMAP pass of `pbmgo poll` (feature `imap`): every unseen message of
//! the `[inbox.imap]` folder goes through the pipeline like a piped one
//! (a copy is filed in the home's inbox Maildir, see `deliver_one`), and is
//! marked seen or moved on the server only after its commit.
//!
//! Exactly once: if the connection drops after a commit and before the
//! flag, the next poll fetches the message again, the pipeline finds its
//! key in the messages table and does nothing, and the flag is set then.

use std::time::Duration;

use anyhow::Context as _;

use crate::home::Home;
use crate::mail::imap::{ImapSettings, Mailbox};
use crate::mail::maildir::Maildir;
use crate::pipeline::{Runner, Summary, deliver_one};
use crate::store::Store;

/// The socket timeout of the IMAP connection.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Returns the IMAP settings of the home, or `None` when IMAP is off.
pub fn settings(home: &Home, password_env: Option<String>) -> anyhow::Result<Option<ImapSettings>> {
    let Some(c) = home.imap() else {
        return Ok(None);
    };
    let password = if c.password_file.as_os_str().is_empty() {
        password_env
            .filter(|p| !p.is_empty())
            .context("[inbox.imap] has no password_file and PBMGO_IMAP_PASSWORD is not set")?
    } else {
        let file = home.resolve(&c.password_file);
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read the IMAP password file {}", file.display()))?;
        let text = text.trim();
        anyhow::ensure!(
            !text.is_empty(),
            "the IMAP password file {} is empty",
            file.display()
        );
        text.to_owned()
    };
    let opt = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    Ok(Some(ImapSettings {
        host: c.host.trim().to_owned(),
        port: c.port,
        tls: c.tls,
        user: c.user.clone(),
        password,
        ca_file: (!c.ca_file.as_os_str().is_empty()).then(|| home.resolve(&c.ca_file)),
        folder: opt(&c.folder).unwrap_or_else(|| "INBOX".into()),
        processed_folder: opt(&c.processed_folder),
        timeout: TIMEOUT,
    }))
}

/// Handles every unseen message of the mailbox; adds each to `summary`.
///
/// Stops at the first error: a message not yet committed stays unseen on
/// the server, and one committed but not yet flagged is flagged next time.
pub fn poll_imap(
    settings: &ImapSettings,
    store: &mut Store,
    runner: &Runner<'_>,
    (inbox, held): (&Maildir, &Maildir),
    summary: &mut Summary,
) -> anyhow::Result<()> {
    let where_ = format!("{}@{}:{}", settings.user, settings.host, settings.port);
    let mut mailbox = Mailbox::open(settings).with_context(|| {
        format!(
            "cannot open the IMAP folder {} of {where_}",
            settings.folder
        )
    })?;
    let uids = mailbox.unseen()?;
    let validity = mailbox.uid_validity();
    for uid in uids {
        let Some(raw) = mailbox.fetch(uid)? else {
            continue; // gone: another reader took it
        };
        let unique = format!("{}.imap-{validity}-{uid}", std::process::id());
        let d = deliver_one(store, runner, inbox, held, &raw, &unique)
            .context("poll stopped; the IMAP message stays unseen on the server")?;
        summary.add(&d);
        mailbox.settle(uid).with_context(|| {
            format!("IMAP message {uid} was handled but not marked; the next poll marks it")
        })?;
    }
    mailbox.close();
    Ok(())
}
