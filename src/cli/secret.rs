//! The server's secret: 32 random bytes in `<home>/secret` (64 hex digits),
//! the key of the reply tokens (`[server] auth = "token"`).
//!
//! Owns creating it on first use, readable by its owner only (0600), from
//! the operating system's randomness (`/dev/urandom`), and reading it back.
//! Two processes creating it at once end with the same secret: each writes
//! a private temporary file and links it into place only if none is there.

use std::fs::{self, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

/// The secret's file name inside the home.
pub(crate) const SECRET_FILE: &str = "secret";
/// Bytes of secret.
const SECRET_BYTES: usize = 32;

/// Returns the secret kept in `home`, creating it first if there is none.
pub(crate) fn load_or_create(home: &Path) -> anyhow::Result<Vec<u8>> {
    let path = home.join(SECRET_FILE);
    if !path.exists() {
        create(&path)?;
    }
    read(&path)
}

fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    let text = fs::read_to_string(path)
        .with_context(|| format!("cannot read the secret {}", path.display()))?;
    let hex = text.trim();
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect();
    match bytes {
        Some(b) if b.len() >= 16 => Ok(b),
        _ => bail!(
            "the secret {} is not 32 to 128 hex digits; remove it to make a new one \
             (players' reply addresses change)",
            path.display()
        ),
    }
}

fn create(path: &Path) -> anyhow::Result<()> {
    let mut random = [0u8; SECRET_BYTES];
    fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut random))
        .context("cannot read random bytes from /dev/urandom")?;
    let hex: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let tmp = temporary(path);
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(format!("{hex}\n").as_bytes())?;
            f.sync_all()
        });
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write the secret {}", tmp.display()));
    }
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot create the secret {}", path.display())),
    }
}

fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".tmp-{}", std::process::id()));
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn made_once_private_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        assert_eq!(first.len(), SECRET_BYTES);
        assert_eq!(load_or_create(dir.path()).unwrap(), first);
        let mode = fs::metadata(dir.path().join(SECRET_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        fs::write(dir.path().join(SECRET_FILE), "xyz\n").unwrap();
        assert!(load_or_create(dir.path()).is_err());
    }
}
