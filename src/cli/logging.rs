//! Logging to stderr, or to the journal when stderr is the journal.
//!
//! Under systemd, `JOURNAL_STREAM` names the device and inode of the
//! stream the journal gave the service; when stderr is that stream, the
//! events go to journald itself with their fields (`PBMGO_OUTCOME`,
//! `PBMGO_SENDER`, `PBMGO_MESSAGE_ID`, ...: `journalctl
//! PBMGO_OUTCOME=quarantined`), at `info` and up. Elsewhere (cron, a
//! terminal) they are plain lines on stderr at `warn` and up, so a cron
//! job mails only what needs a look; the line saying a migration was
//! applied shows at `info` in both. `RUST_LOG` overrides either level.

use std::io::IsTerminal;
use std::os::unix::fs::MetadataExt as _;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::prelude::*;

/// The level when stderr is the journal and `RUST_LOG` is not set.
const JOURNAL_LEVEL: &str = "info";
/// The level on a plain stderr when `RUST_LOG` is not set.
const PLAIN_LEVEL: &str = "warn";
/// The prefix of the events' fields in the journal (keeps `message_id`
/// apart from the journal's own `MESSAGE_ID`).
const FIELD_PREFIX: &str = "PBMGO";

/// Starts logging (see the module header), once.
pub(crate) fn init() {
    let journal = stderr_is_journal();
    let level = if journal { JOURNAL_LEVEL } else { PLAIN_LEVEL };
    // The line saying a migration was applied shows at either level.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| format!("{level},{}=info", super::context::SCHEMA_LOG).into());
    let registry = tracing_subscriber::registry().with(filter);
    if journal && let Ok(layer) = tracing_journald::layer() {
        let layer = layer
            .with_syslog_identifier("pbmgo".into())
            .with_field_prefix(Some(FIELD_PREFIX.into()));
        let _ = registry.with(layer).try_init();
        return;
    }
    let plain = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    let _ = registry.with(plain).try_init();
}

/// Returns true when stderr is the stream `JOURNAL_STREAM` names.
fn stderr_is_journal() -> bool {
    let Ok(named) = std::env::var("JOURNAL_STREAM") else {
        return false;
    };
    stderr_id().is_some_and(|id| names(&named, id))
}

/// The device and inode of stderr.
fn stderr_id() -> Option<(u64, u64)> {
    use std::os::fd::AsFd as _;
    let fd = std::io::stderr().as_fd().try_clone_to_owned().ok()?;
    let meta = std::fs::File::from(fd).metadata().ok()?;
    Some((meta.dev(), meta.ino()))
}

/// Returns true when `JOURNAL_STREAM`'s value (`DEVICE:INODE`, decimal)
/// names the file `(dev, ino)`.
fn names(value: &str, (dev, ino): (u64, u64)) -> bool {
    let Some((d, i)) = value.trim().split_once(':') else {
        return false;
    };
    d.parse() == Ok(dev) && i.parse() == Ok(ino)
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn journal_stream_names_the_device_and_inode() {
        assert!(names("8:12345", (8, 12345)));
        assert!(names(" 8:12345\n", (8, 12345)));
        assert!(!names("8:12346", (8, 12345)));
        assert!(!names("9:12345", (8, 12345)));
        assert!(!names("812345", (8, 12345)));
        assert!(!names("", (8, 12345)));
        assert!(!names("x:y", (8, 12345)));
    }
}
