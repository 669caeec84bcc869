//! Maildir folders: listing the mail waiting in one, claiming a message by
//! marking it seen, delivering new mail, and moving mail to another folder.
//!
//! Owns the Maildir conventions (<https://cr.yp.to/proto/maildir.html>):
//! mail is written into `tmp/`, renamed into `new/` once complete, and
//! renamed into `cur/` with an info suffix such as `:2,S` once read. Every
//! change of place is one `rename`, so a reader never sees half a message
//! and two processes polling the same folder cannot both claim one: the
//! second rename finds no file and fails with `NotFound`.
//!
//! Must not touch: the contents of messages, the store, the pipeline.
//! Renames assume that both places are on one filesystem, as Maildir does.

use std::collections::BinaryHeap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Renames the file at `path`, whose name `raw` is not UTF-8, to a name
/// that is: the name read lossily, its odd bytes as `_`, with the hash of
/// the old name so that two such names cannot meet. Returns the new name.
fn renamed_to_utf8(path: &Path, raw: &std::ffi::OsStr) -> io::Result<String> {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    raw.hash(&mut hasher);
    let lossy: String = raw
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c == char::REPLACEMENT_CHARACTER || c == '/' {
                '_'
            } else {
                c
            }
        })
        .collect();
    let (base, info) = match lossy.split_once(INFO_SEPARATOR) {
        Some((b, i)) => (b.to_string(), format!("{INFO_SEPARATOR}{i}")),
        None => (lossy.clone(), String::new()),
    };
    let name = format!("{base}.utf8-{:016x}{info}", hasher.finish());
    let target = path.with_file_name(&name);
    fs::rename(path, &target)?;
    tracing::warn!(from = %path.display(), to = %target.display(), "file name not UTF-8: renamed");
    Ok(name)
}

/// The separator between a file's base name and its info (`:2,FLAGS`).
const INFO_SEPARATOR: char = ':';
/// The info prefix whose flags are the standard Maildir flags.
const FLAGS_PREFIX: &str = "2,";
/// The flag of a message that has been read (claimed, for us).
const SEEN: char = 'S';

/// A Maildir: a folder with `tmp/`, `new/` and `cur/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maildir {
    root: PathBuf,
}

/// One message file in a Maildir, as [`Maildir::pending`] lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailFile {
    /// The file's path.
    pub path: PathBuf,
    /// The file name, including any `:2,FLAGS` info.
    pub name: String,
    /// Whether the file is in `new/` (else in `cur/`).
    pub in_new: bool,
}

impl MailFile {
    /// Returns the flags of the file's `:2,` info, empty when it has none.
    pub fn flags(&self) -> &str {
        flags_of(&self.name)
    }
}

impl Maildir {
    /// Returns the Maildir at `root`; nothing is read or created.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Maildir { root: root.into() }
    }

    /// Returns the Maildir's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Creates `tmp/`, `new/` and `cur/` (and the folder itself) if missing.
    pub fn create(&self) -> io::Result<()> {
        for sub in ["tmp", "new", "cur"] {
            fs::create_dir_all(self.root.join(sub))?;
        }
        Ok(())
    }

    /// Returns the mail not yet seen: every file in `new/`, and the files
    /// in `cur/` without the `S` flag, sorted by name (oldest first, as
    /// names start with the delivery time).
    ///
    /// Dot files (such as editors' and our own temporary files) and
    /// folders are skipped. A missing `new/` or `cur/` is an error.
    pub fn pending(&self) -> io::Result<Vec<MailFile>> {
        let mut files = self.list("new", true)?;
        let unseen = self.list("cur", false)?;
        files.extend(unseen.into_iter().filter(|f| !f.flags().contains(SEEN)));
        let key = |f: &MailFile| (Self::base_name(&f.name).to_owned(), f.name.clone());
        files.sort_by_cached_key(key);
        Ok(files)
    }

    /// Returns at most `limit` of the files [`Maildir::pending`] returns, the
    /// first ones in its order, holding no more than `limit` names at a time:
    /// memory stays flat however large the inbox is.
    pub(crate) fn pending_first(&self, limit: usize) -> io::Result<Vec<MailFile>> {
        let mut first: BinaryHeap<(String, String, bool)> = BinaryHeap::with_capacity(limit + 1);
        for (sub, in_new) in [("new", true), ("cur", false)] {
            for name in self.names(sub)? {
                if !in_new && flags_of(&name).contains(SEEN) {
                    continue;
                }
                first.push((Self::base_name(&name).to_owned(), name, in_new));
                if first.len() > limit {
                    first.pop();
                }
            }
        }
        let files = first
            .into_sorted_vec()
            .into_iter()
            .map(|(_, name, in_new)| {
                let sub = if in_new { "new" } else { "cur" };
                MailFile {
                    path: self.root.join(sub).join(&name),
                    name,
                    in_new,
                }
            });
        Ok(files.collect())
    }

    /// Lists the mail files in the sub-folder `sub`.
    fn list(&self, sub: &str, in_new: bool) -> io::Result<Vec<MailFile>> {
        let dir = self.root.join(sub);
        let files = self.names(sub)?.into_iter().map(|name| MailFile {
            path: dir.join(&name),
            name,
            in_new,
        });
        Ok(files.collect())
    }

    /// The names of the message files in the sub-folder `sub`: regular
    /// files whose names do not start with a dot. A file whose name is not
    /// UTF-8 is renamed to one that is (and listed under it); anything that
    /// is not a regular file (a FIFO, a socket, a device, a symbolic link)
    /// is left alone with a log line, never opened, as reading a FIFO
    /// would hang the poll.
    fn names(&self, sub: &str) -> io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in fs::read_dir(self.root.join(sub))? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                continue;
            }
            if !kind.is_file() {
                tracing::warn!(path = %entry.path().display(), "not a regular file: left alone");
                continue;
            }
            let name = match entry.file_name().into_string() {
                Ok(name) => name,
                Err(raw) => renamed_to_utf8(&entry.path(), &raw)?,
            };
            if !name.starts_with('.') {
                names.push(name);
            }
        }
        Ok(names)
    }

    /// Claims `f` by renaming it into `cur/` with the `S` flag added
    /// (`new/X` becomes `cur/X:2,S`; `cur/X:2,RF` becomes `cur/X:2,FRS`,
    /// flags kept sorted); returns the new path.
    ///
    /// Returns an error of kind [`io::ErrorKind::NotFound`] when the file is
    /// gone, which means another process claimed it first.
    pub fn mark_seen(&self, f: &MailFile) -> io::Result<PathBuf> {
        let dest = self.mark_seen_unsynced(f)?;
        sync_dir(&self.root.join("cur"))?;
        Ok(dest)
    }

    /// Claims `f` like [`Maildir::mark_seen`] without syncing `cur/`; a batch
    /// calls [`Maildir::sync_cur`] once after its last claim. If the machine
    /// stops before that, a claimed file may reappear in `new/`, which is
    /// harmless when the message's key is recorded.
    pub(crate) fn mark_seen_unsynced(&self, f: &MailFile) -> io::Result<PathBuf> {
        let flags = add_flag(f.flags(), SEEN);
        let name = format!(
            "{}{INFO_SEPARATOR}{FLAGS_PREFIX}{flags}",
            Self::base_name(&f.name)
        );
        let dest = self.root.join("cur").join(name);
        fs::rename(&f.path, &dest)?;
        Ok(dest)
    }

    /// Makes the renames into `cur/` and out of `new/` durable.
    pub(crate) fn sync_cur(&self) -> io::Result<()> {
        sync_dir(&self.root.join("cur"))?;
        sync_dir(&self.root.join("new"))
    }

    /// Delivers `raw` as a new message; returns its path in `new/`.
    ///
    /// The file is written to `tmp/`, synced, then renamed into `new/`, so
    /// nobody sees it before it is complete. Its name is
    /// `<seconds>.<unique>.<host>`: `unique` must differ between messages
    /// delivered in the same second on this host (a process id and a
    /// counter, say). A name already taken gives
    /// [`io::ErrorKind::AlreadyExists`].
    pub fn deliver(&self, raw: &[u8], unique: &str) -> io::Result<PathBuf> {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let name = format!("{secs}.{}.{}", escape(unique), escape(&host_name()));
        let tmp = self.root.join("tmp").join(&name);
        let dest = self.root.join("new").join(&name);
        if dest.exists() {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} exists", dest.display()),
            ));
        }
        let moved = write_new(&tmp, raw).and_then(|()| fs::rename(&tmp, &dest));
        if let Err(err) = moved {
            let _ = fs::remove_file(&tmp);
            return Err(err);
        }
        sync_dir(&self.root.join("new"))?;
        Ok(dest)
    }

    /// Moves `f` into `dest/new/` under its base name (its info dropped, so
    /// it is unseen there); returns the new path.
    ///
    /// A file of that name already in `dest/new/` is left alone and gives
    /// [`io::ErrorKind::AlreadyExists`], so no mail is overwritten; a
    /// missing `f` gives [`io::ErrorKind::NotFound`].
    pub fn take_into(&self, f: &MailFile, dest: &Maildir) -> io::Result<PathBuf> {
        let new = dest.root.join("new");
        let target = new.join(Self::base_name(&f.name));
        fs::symlink_metadata(&f.path)?; // gone: NotFound, whatever dest holds
        if target.exists() {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} exists", target.display()),
            ));
        }
        fs::rename(&f.path, &target)?;
        sync_dir(&new)?;
        Ok(target)
    }

    /// Returns `name` without its info (everything from the first `:`).
    pub fn base_name(name: &str) -> &str {
        name.split_once(INFO_SEPARATOR)
            .map_or(name, |(base, _)| base)
    }
}

/// Returns the flags of `name`'s `:2,` info, empty when it has none.
fn flags_of(name: &str) -> &str {
    name.split_once(INFO_SEPARATOR)
        .and_then(|(_, info)| info.strip_prefix(FLAGS_PREFIX))
        .unwrap_or("")
}

/// Returns `flags` with `flag` added, sorted (ASCII) and without repeats.
fn add_flag(flags: &str, flag: char) -> String {
    let mut all: Vec<char> = flags.chars().chain([flag]).collect();
    all.sort_unstable();
    all.dedup();
    all.into_iter().collect()
}

/// Writes `raw` to a file that must not exist yet, and syncs it.
fn write_new(path: &Path, raw: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(raw)?;
    file.sync_all()
}

/// Syncs a folder, so that a rename into it survives a crash.
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Returns this machine's name, or `localhost` when it cannot be read.
fn host_name() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| {
            let text = fs::read_to_string(p).ok()?;
            let name = text.trim();
            (!name.is_empty()).then(|| name.to_owned())
        })
        .unwrap_or_else(|| "localhost".to_owned())
}

/// Escapes the characters a Maildir base name may not hold: `/` as `\057`,
/// `:` as `\072` (the spec's convention).
fn escape(part: &str) -> String {
    part.replace('/', "\\057").replace(':', "\\072")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_base_and_flags() {
        assert_eq!(Maildir::base_name("1.a.h:2,RS"), "1.a.h");
        assert_eq!(Maildir::base_name("1.a.h"), "1.a.h");
        assert_eq!(flags_of("1.a.h:2,RS"), "RS");
        assert_eq!(flags_of("1.a.h:1,xyz"), "");
        assert_eq!(flags_of("1.a.h"), "");
    }

    #[test]
    fn flags_stay_sorted_and_unique() {
        assert_eq!(add_flag("", 'S'), "S");
        assert_eq!(add_flag("RF", 'S'), "FRS");
        assert_eq!(add_flag("FS", 'S'), "FS");
        assert_eq!(add_flag("Ta", 'S'), "STa");
    }

    #[test]
    fn escaping_removes_slashes_and_colons() {
        assert_eq!(escape("a/b:c"), "a\\057b\\072c");
        assert!(!host_name().is_empty());
    }
}
