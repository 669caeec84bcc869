//! Writing the site's files: each to a temporary name in its folder, then
//! renamed into place, so a reader never sees half a page; and removing
//! the files no longer allowed.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::error::SiteError;

/// Writes `bytes` to `dir/rel` through a temporary file renamed into place.
pub(crate) fn write(dir: &Path, rel: &str, bytes: &[u8]) -> Result<(), SiteError> {
    let path = dir.join(rel);
    let err = |source| SiteError::Write {
        path: path.clone(),
        source,
    };
    let folder = path.parent().unwrap_or(dir);
    fs::create_dir_all(folder).map_err(err)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = folder.join(format!(".{name}.tmp"));
    let mut f = fs::File::create(&tmp).map_err(err)?;
    f.write_all(bytes).map_err(err)?;
    f.sync_all().map_err(err)?;
    fs::rename(&tmp, &path).map_err(err)
}

/// Removes `dir/rel` if it is there.
pub(crate) fn remove(dir: &Path, rel: &str) -> Result<(), SiteError> {
    let path = dir.join(rel);
    match fs::remove_file(&path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(SiteError::Write { path, source }),
    }
}

/// Whether `dir/rel` is there.
pub(crate) fn exists(dir: &Path, rel: &str) -> bool {
    dir.join(rel).is_file()
}
