//! The IMAP login of `pbmgo poll` (feature `imap`): `[inbox.imap]` and its
//! password turned into [`ImapSettings`]. The pass over the folder is
//! `crate::runner::poll_imap`.

use std::time::Duration;

use anyhow::Context as _;

use crate::home::Home;
use crate::mailbox::imap::ImapSettings;

/// The socket timeout of the IMAP connection.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Returns the IMAP settings of the home, or `None` when IMAP is off.
pub(crate) fn settings(
    home: &Home,
    password_env: Option<String>,
) -> anyhow::Result<Option<ImapSettings>> {
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
