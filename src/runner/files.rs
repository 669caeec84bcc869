//! The Maildir side of a batch: reading its files (a file over the size
//! limit only up to it, and then replaced by its stub: its headers and a
//! note), and filing each after its batch has committed (a processed file
//! goes to `cur/` with the `S` flag, a failed one to the quarantine Maildir).

use std::io::Write as _;

use crate::mail::oversize;
use crate::mailbox::maildir::{MailFile, Maildir};

/// Files read, with their bytes.
pub(super) type ReadFiles = Vec<(MailFile, Vec<u8>)>;

/// Reads the files of `chunk`, leaving out any gone since they were listed
/// (another process took them). A file over `limit` bytes is read only up
/// to it and replaced, in place and at once, by its stub.
pub(super) fn read_files(chunk: &[MailFile], limit: usize) -> std::io::Result<ReadFiles> {
    let mut out = Vec::with_capacity(chunk.len());
    for file in chunk {
        match read_file(file, limit) {
            Ok(raw) => out.push((file.clone(), raw)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Reads `file` up to `limit` bytes; see [`read_files`].
fn read_file(file: &MailFile, limit: usize) -> std::io::Result<Vec<u8>> {
    let source = std::fs::File::open(&file.path)?;
    let size = source.metadata()?.len();
    let raw = oversize::read_limited(source, limit)?;
    if u64::try_from(raw.len()).is_ok_and(|n| n < size) {
        replace(file, &raw)?;
    }
    Ok(raw)
}

/// Replaces the bytes of `file` by `raw`: written beside it under a dot
/// name (which listings skip), synced, then renamed over it.
fn replace(file: &MailFile, raw: &[u8]) -> std::io::Result<()> {
    let dot = file.path.with_file_name(format!(".stub.{}", file.name));
    let mut f = std::fs::File::create(&dot)?;
    f.write_all(raw)?;
    f.sync_all()?;
    std::fs::rename(&dot, &file.path)
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
