//! One message at a time: a piped one (`pbmgo deliver`, and each message
//! of the IMAP pass) and a held one run again (`pbmgo quarantine retry`).
//!
//! Owns the order "commit, then move the file": the message is handled in
//! a batch of its own, and filed (`cur/` seen, or quarantine) after commit.

use std::path::PathBuf;

use super::batch::run_plain;
use super::context::RunContext;
use super::error::{RunError, run_error};
use super::files::settle_file;
use crate::mail::oversize;
use crate::mailbox::maildir::{MailFile, Maildir};
use crate::pipeline::Disposition;
use crate::store::{QuarantineId, Store, quarantine};

/// Takes one piped message: stores it in the inbox Maildir, handles it,
/// and files it like `poll` does. On a temporary failure the copy is
/// removed again, so the MTA's retry is the only copy.
pub(crate) fn deliver_one(
    store: &mut Store,
    run: &RunContext,
    inbox: &Maildir,
    held: &Maildir,
    raw: &[u8],
    unique: &str,
) -> Result<Disposition, RunError> {
    let file = delivered(inbox.deliver(raw, unique)?);
    match run_plain(store, run, std::slice::from_ref(&file)) {
        Ok(done) => {
            let d = only(done);
            settle(inbox, held, &file, &d)?;
            Ok(d)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&file.path);
            Err(e)
        }
    }
}

/// The file just delivered into the inbox at `path`.
fn delivered(path: PathBuf) -> MailFile {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    MailFile {
        path,
        name,
        in_new: true,
    }
}

/// Runs a held message again; returns its new disposition. A message handled
/// this time is released and filed in the inbox as seen.
pub(crate) fn retry_held(
    store: &mut Store,
    run: &RunContext,
    inbox: &Maildir,
    held: &Maildir,
    id: QuarantineId,
) -> Result<Disposition, RunError> {
    let entry = quarantine::get(store.conn(), id)?;
    let file = find_held(held, &entry.file)?;
    let d = only(run_plain(store, run, std::slice::from_ref(&file))?);
    if !matches!(d, Disposition::Quarantine { .. }) {
        let now = run.now();
        store
            .write(|tx| quarantine::release(tx, id, now))
            .map_err(run_error)?;
        held.take_into(&file, inbox)?;
    }
    Ok(d)
}

/// Returns the size a held message had when it was kept only as its
/// headers for being over the size limit (its body is gone, so no retry can
/// handle it), or `None` for a message a retry may handle.
pub(crate) fn held_oversize(
    store: &Store,
    held: &Maildir,
    id: QuarantineId,
) -> Result<Option<u64>, RunError> {
    use std::io::Read;
    let entry = quarantine::get(store.conn(), id)?;
    let file = find_held(held, &entry.file)?;
    let mut head = Vec::new();
    std::fs::File::open(&file.path)?
        .take(128)
        .read_to_end(&mut head)?;
    Ok(oversize::stub_size(&head))
}

/// Returns the file of the quarantine Maildir whose base name is `name`.
fn find_held(held: &Maildir, name: &str) -> Result<MailFile, RunError> {
    let found = held
        .pending()?
        .into_iter()
        .find(|f| Maildir::base_name(&f.name) == name);
    found.ok_or_else(|| {
        RunError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{name} is not in the quarantine folder"),
        ))
    })
}

/// The disposition of a one-file batch (a file gone before it was read was
/// taken by another process: a duplicate).
fn only(done: Vec<(MailFile, Disposition)>) -> Disposition {
    done.into_iter()
        .next()
        .map_or(Disposition::Duplicate, |(_, d)| d)
}

/// Moves a file after commit: to `cur/` seen, or into quarantine.
fn settle(
    inbox: &Maildir,
    held: &Maildir,
    file: &MailFile,
    d: &Disposition,
) -> Result<(), RunError> {
    let quarantined = matches!(d, Disposition::Quarantine { .. });
    Ok(settle_file(inbox, held, file, quarantined)?)
}
