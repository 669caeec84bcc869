//! [`MemoryTransport`]: keeps sent mail in memory for tests.

use std::sync::Mutex;

use super::error::TransportError;
use super::types::{Envelope, Transport, lettre_envelope};

/// One mail kept by [`MemoryTransport`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SentMail {
    /// The envelope it was sent with.
    pub(crate) envelope: Envelope,
    /// The bytes sent.
    pub(crate) raw: Vec<u8>,
    /// The Message-ID given to [`Transport::send`].
    pub(crate) message_id: String,
}

/// Keeps sent mail in memory, for tests of the code that sends.
#[derive(Debug, Default)]
pub(crate) struct MemoryTransport {
    sent: Mutex<Vec<SentMail>>,
}

impl MemoryTransport {
    /// Returns an empty transport.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Returns a copy of every mail sent so far, in order.
    pub(crate) fn sent(&self) -> Vec<SentMail> {
        self.sent.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Transport for MemoryTransport {
    fn send(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        message_id: &str,
    ) -> Result<(), TransportError> {
        lettre_envelope(envelope)?;
        let mail = SentMail {
            envelope: envelope.clone(),
            raw: raw.to_vec(),
            message_id: message_id.to_owned(),
        };
        self.sent
            .lock()
            .map_err(|_| TransportError::Config("memory transport poisoned".to_owned()))?
            .push(mail);
        Ok(())
    }
}
