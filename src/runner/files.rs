//! The Maildir side of a batch: reading its files, and filing each after
//! its batch has committed (a processed file goes to `cur/` with the `S`
//! flag, a failed one to the quarantine Maildir).

use crate::mail::maildir::{MailFile, Maildir};

/// Files read, with their bytes.
pub(super) type ReadFiles = Vec<(MailFile, Vec<u8>)>;

/// Reads the files of `chunk`, leaving out any gone since they were listed
/// (another process took them).
pub(super) fn read_files(chunk: &[MailFile]) -> std::io::Result<ReadFiles> {
    let mut out = Vec::with_capacity(chunk.len());
    for file in chunk {
        match std::fs::read(&file.path) {
            Ok(raw) => out.push((file.clone(), raw)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Moves a file after commit: into quarantine, or to `cur/` seen (the
/// caller syncs `cur/`). A file gone already was taken by another process.
pub(super) fn settle_file(
    inbox: &Maildir,
    held: &Maildir,
    file: &MailFile,
    quarantined: bool,
) -> std::io::Result<()> {
    let moved = match quarantined {
        true => inbox.take_into(file, held),
        false => inbox.mark_seen_unsynced(file),
    };
    match moved {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}
