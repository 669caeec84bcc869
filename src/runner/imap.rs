//! The IMAP pass of `pbmgo poll` (feature `imap`): every unseen message of
//! the folder goes through the pipeline like a piped one (a copy is filed
//! in the home's inbox Maildir, see [`deliver_one`]), and is marked seen or
//! moved on the server only after its commit.
//!
//! Exactly once: if the connection drops after a commit and before the
//! flag, the next poll fetches the message again, the pipeline finds its
//! key in the messages table and does nothing, and the flag is set then.

use anyhow::Context as _;

use super::context::RunContext;
use super::deliver::deliver_one;
use super::summary::Summary;
use crate::mailbox::imap::{ImapSettings, Mailbox};
use crate::mailbox::maildir::Maildir;
use crate::store::Store;

/// Handles every unseen message of the mailbox; adds each to `summary`.
///
/// Stops at the first error: a message not yet committed stays unseen on
/// the server, and one committed but not yet flagged is flagged next time.
pub(crate) fn poll_imap(
    settings: &ImapSettings,
    store: &mut Store,
    run: &RunContext,
    (inbox, held): (&Maildir, &Maildir),
    summary: &mut Summary,
) -> anyhow::Result<()> {
    let mut mailbox = open(settings)?;
    let uids = mailbox.unseen()?;
    let validity = mailbox.uid_validity();
    for uid in uids {
        let Some(raw) = mailbox.fetch(uid)? else {
            continue; // gone: another reader took it
        };
        let unique = format!("{}.imap-{validity}-{uid}", std::process::id());
        let d = deliver_one(store, run, inbox, held, &raw, &unique)
            .context("poll stopped; the IMAP message stays unseen on the server")?;
        summary.add(&d);
        mailbox.settle(uid).with_context(|| {
            format!("IMAP message {uid} was handled but not marked; the next poll marks it")
        })?;
    }
    mailbox.close();
    Ok(())
}

/// Logs in and opens the folder.
fn open(settings: &ImapSettings) -> anyhow::Result<Mailbox> {
    let where_ = format!("{}@{}:{}", settings.user, settings.host, settings.port);
    Mailbox::open(settings).with_context(|| {
        format!(
            "cannot open the IMAP folder {} of {where_}",
            settings.folder
        )
    })
}
