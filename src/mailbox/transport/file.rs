//! [`FileTransport`]: each mail becomes `<dir>/<message id>.eml`.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sha2::{Digest, Sha256};

use super::error::TransportError;
use super::types::{Envelope, Transport, lettre_envelope};

/// Writes each mail to `<dir>/<message id>.eml`, for tests and dry runs.
///
/// Writing is atomic (a temporary file in the same folder, then a rename)
/// and idempotent: the same Message-ID again overwrites the same file.
/// The files are made durable by [`Transport::flush`], once per batch: one
/// `syncfs` on Linux, else an fsync of each file and of the folder.
/// The envelope is checked but not stored.
#[derive(Debug)]
pub struct FileTransport {
    dir: PathBuf,
    /// Set once `dir` is known to exist, so it is not created per mail.
    made: AtomicBool,
    /// This process's id, in temporary names.
    pid: u32,
    unsynced: Mutex<Vec<PathBuf>>,
    /// Cleared once an unnamed file could not be written and linked here.
    tmpfile: AtomicBool,
}

/// Makes temporary names unique among threads of one process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl FileTransport {
    /// Returns a transport writing into `dir` (created on first send).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        FileTransport {
            dir: dir.into(),
            made: AtomicBool::new(false),
            pid: std::process::id(),
            unsynced: Mutex::new(Vec::new()),
            tmpfile: AtomicBool::new(cfg!(target_os = "linux")),
        }
    }

    /// Returns the file a mail with `message_id` is written to.
    ///
    /// Characters other than letters, digits and `._@+=-` become `_`; when
    /// any had to be changed, a hash of the id is added so that two ids
    /// never share a file.
    pub fn path_for(&self, message_id: &str) -> PathBuf {
        self.dir.join(format!("{}.eml", file_stem(message_id)))
    }

    fn write_atomically(&self, path: &Path, raw: &[u8]) -> Result<(), TransportError> {
        let io = |path: &Path| {
            let path = path.to_owned();
            move |source| TransportError::Io { path, source }
        };
        if !self.made.load(Ordering::Relaxed) {
            fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
            self.made.store(true, Ordering::Relaxed);
        }
        if self.tmpfile.load(Ordering::Relaxed) {
            match link_new(&self.dir, path, raw) {
                Ok(true) => return self.written(path),
                Ok(false) => {}
                Err(_) => self.tmpfile.store(false, Ordering::Relaxed),
            }
        }
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        // A dot name without `.eml`, so nothing scanning for mail sees it.
        let temp = self.dir.join(format!(".tmp.{}.{n}", self.pid));
        let moved = write_file(&temp, raw)
            .map_err(io(&temp))
            .and_then(|()| fs::rename(&temp, path).map_err(io(path)));
        if let Err(e) = moved {
            let _ = fs::remove_file(&temp);
            // The folder may have been removed since: made again next time.
            self.made.store(false, Ordering::Relaxed);
            return Err(e);
        }
        self.written(path)
    }

    /// Notes `path` for the next flush.
    fn written(&self, path: &Path) -> Result<(), TransportError> {
        if let Ok(mut unsynced) = self.unsynced.lock() {
            unsynced.push(path.to_owned());
        }
        Ok(())
    }

    /// Makes the files written since the last flush, and their names, durable.
    fn sync(&self) -> Result<(), TransportError> {
        let paths = match self.unsynced.lock() {
            Ok(mut unsynced) => std::mem::take(&mut *unsynced),
            Err(_) => Vec::new(),
        };
        if paths.is_empty() {
            return Ok(());
        }
        let io = |path: &Path| {
            let path = path.to_owned();
            move |source| TransportError::Io { path, source }
        };
        let dir = File::open(&self.dir).map_err(io(&self.dir))?;
        if sync_filesystem(&dir).is_ok() {
            return Ok(());
        }
        for p in &paths {
            File::open(p).and_then(|f| f.sync_all()).map_err(io(p))?;
        }
        dir.sync_all().map_err(io(&self.dir))
    }
}

/// Writes `raw` into an unnamed file in `dir` (Linux `O_TMPFILE`) and links
/// it in as `path`: one new directory entry instead of a temporary name and
/// a rename. Returns false when `path` exists already (the caller then
/// replaces it by a rename); an error means this folder cannot do it.
#[cfg(target_os = "linux")]
fn link_new(dir: &Path, path: &Path, raw: &[u8]) -> std::io::Result<bool> {
    use rustix::fs::{AtFlags, CWD, Mode, OFlags};
    let flags = OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC;
    let mut file = File::from(rustix::fs::openat(CWD, dir, flags, Mode::from(0o644))?);
    file.write_all(raw)?;
    let from = format!("/proc/self/fd/{}", std::os::fd::AsRawFd::as_raw_fd(&file));
    match rustix::fs::linkat(CWD, from.as_str(), CWD, path, AtFlags::SYMLINK_FOLLOW) {
        Ok(()) => Ok(true),
        Err(rustix::io::Errno::EXIST) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(target_os = "linux"))]
fn link_new(_dir: &Path, _path: &Path, _raw: &[u8]) -> std::io::Result<bool> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

fn write_file(path: &Path, raw: &[u8]) -> std::io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(raw)
}

/// Flushes the whole filesystem holding `dir` in one call (Linux `syncfs`).
#[cfg(target_os = "linux")]
fn sync_filesystem(dir: &File) -> std::io::Result<()> {
    Ok(rustix::fs::syncfs(dir)?)
}

#[cfg(not(target_os = "linux"))]
fn sync_filesystem(_dir: &File) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// A file name stem for `message_id`; see [`FileTransport::path_for`].
fn file_stem(message_id: &str) -> String {
    let id = message_id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>');
    let safe = |c: char| c.is_ascii_alphanumeric() || "._@+=-".contains(c);
    let mut stem: String = id
        .chars()
        .take(150)
        .map(|c| if safe(c) { c } else { '_' })
        .collect();
    let leading_dots = stem.len() - stem.trim_start_matches('.').len();
    stem.replace_range(..leading_dots, &"_".repeat(leading_dots));
    if stem != id || stem.is_empty() {
        let hash = Sha256::digest(message_id.as_bytes());
        let hex: String = hash[..6].iter().map(|b| format!("{b:02x}")).collect();
        stem = format!("{stem}-{hex}");
    }
    stem
}

impl Transport for FileTransport {
    fn send(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        message_id: &str,
    ) -> Result<(), TransportError> {
        lettre_envelope(envelope)?;
        let path = self.path_for(message_id);
        self.write_atomically(&path, raw)?;
        tracing::debug!(message_id, path = %path.display(), "mail written to file");
        Ok(())
    }

    fn flush(&self) -> Result<(), TransportError> {
        self.sync()
    }

    fn needs_flush(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_safe_and_distinct() {
        assert_eq!(file_stem("1.abc@example.org"), "1.abc@example.org");
        assert_eq!(file_stem("<1.abc@example.org>"), "1.abc@example.org");
        let a = file_stem("../a/b@x");
        let b = file_stem(".._a_b@x");
        assert!(!a.contains('/') && !a.starts_with('.'), "{a}");
        assert_ne!(a, b);
        assert!(file_stem("").starts_with('-'));
        assert!(file_stem(&"x".repeat(10_000)).len() < 200);
    }

    /// The unnamed-file path and the one-call flush work here (they are
    /// silently given up for the rename and per-file fsyncs otherwise).
    #[cfg(target_os = "linux")]
    #[test]
    fn unnamed_files_are_linked_in_once_and_synced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.eml");
        assert!(link_new(dir.path(), &path, b"one").unwrap());
        assert!(!link_new(dir.path(), &path, b"two").unwrap(), "exists");
        assert_eq!(fs::read(&path).unwrap(), b"one");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.eml"]);
        sync_filesystem(&File::open(dir.path()).unwrap()).unwrap();
        let missing = dir.path().join("gone");
        assert!(link_new(&missing, &missing.join("b.eml"), b"x").is_err());
    }
}
