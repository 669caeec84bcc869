//! Keeping the home private: the database, the outbox (reply tokens,
//! confirmation codes), inbox copies (which may hold `password` lines) and
//! backups are for the pbmgo user alone, whatever umask the caller runs
//! under (cron and a shell usually have 022).
//!
//! Owns the process's file-creation mask ([`restrict_new_files`], set once
//! at start, so every file pbmgo or SQLite creates is 0600 and every folder
//! 0700) and the tightening of an existing home ([`tighten`], which `init`
//! runs). Must not touch what the files hold.

use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The mask that leaves group and others no access.
const PRIVATE_MASK: u32 = 0o077;

/// Makes every file and folder this process creates from now on private
/// to its user (umask 0077).
pub(crate) fn restrict_new_files() {
    rustix::process::umask(rustix::fs::Mode::from(PRIVATE_MASK));
}

/// Takes group and other access from `root` and from everything under it
/// (symbolic links are left alone and not followed); returns the paths it
/// changed.
pub(crate) fn tighten(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut changed = Vec::new();
    tighten_one(root, &mut changed)?;
    Ok(changed)
}

fn tighten_one(path: &Path, changed: &mut Vec<PathBuf>) -> io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() {
        return Ok(());
    }
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !0o077))?;
        changed.push(path.to_path_buf());
    }
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<io::Result<_>>()?;
        entries.sort();
        for entry in entries {
            tighten_one(&entry, changed)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::tighten;
    use std::os::unix::fs::PermissionsExt;

    fn mode(p: &std::path::Path) -> u32 {
        std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn tighten_takes_group_and_other_access_from_everything_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("home");
        std::fs::create_dir_all(root.join("outbox")).unwrap();
        std::fs::write(root.join("outbox/a.eml"), "x").unwrap();
        std::fs::write(root.join("secret"), "s").unwrap();
        let set = |p: &std::path::Path, m| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
        };
        set(&root, 0o755);
        set(&root.join("outbox"), 0o775);
        set(&root.join("outbox/a.eml"), 0o644);
        set(&root.join("secret"), 0o600);
        std::os::unix::fs::symlink("/etc/hostname", root.join("link")).unwrap();
        let changed = tighten(&root).unwrap();
        assert_eq!(
            changed,
            [root.clone(), root.join("outbox"), root.join("outbox/a.eml")]
        );
        assert_eq!(mode(&root), 0o700);
        assert_eq!(mode(&root.join("outbox")), 0o700);
        assert_eq!(mode(&root.join("outbox/a.eml")), 0o600);
        assert_eq!(mode(&root.join("secret")), 0o600);
        assert!(tighten(&root).unwrap().is_empty());
    }
}
