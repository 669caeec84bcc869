//! [`SendmailTransport`]: hands mail to a local sendmail program.

use std::path::PathBuf;

use lettre::Transport as _;

use super::error::TransportError;
use super::types::{Envelope, Transport, lettre_envelope};

/// Hands mail to a local `sendmail` program (`-i -f <from> -- <rcpts>`).
///
/// With the null sender no `-f` is passed, so the MTA uses the user
/// running pbmgo as the envelope sender.
#[derive(Debug, Clone)]
pub struct SendmailTransport {
    command: PathBuf,
}

impl SendmailTransport {
    /// Returns a transport running `command`, e.g. `/usr/sbin/sendmail`
    /// (cron's PATH lacks `/usr/sbin`, so give the full path).
    pub fn new(command: impl Into<PathBuf>) -> Self {
        SendmailTransport {
            command: command.into(),
        }
    }
}

impl Transport for SendmailTransport {
    fn send(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        message_id: &str,
    ) -> Result<(), TransportError> {
        let envelope = lettre_envelope(envelope)?;
        lettre::SendmailTransport::new_with_command(self.command.as_os_str())
            .send_raw(&envelope, raw)
            .map_err(|e| TransportError::Sendmail(e.to_string()))?;
        tracing::debug!(message_id, "mail handed to sendmail");
        Ok(())
    }
}
