//! What every transport shares: the [`Envelope`] of one mail, checked
//! into lettre's before it is used, and the [`Transport`] trait.

use super::error::TransportError;

/// The SMTP envelope of one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// MAIL FROM; empty for the null sender `<>`.
    pub from: String,
    /// RCPT TO, one or more addresses.
    pub to: Vec<String>,
}

/// Something that delivers rendered mail.
pub trait Transport: Send + Sync {
    /// Sends `raw` (RFC 5322 bytes) to the envelope's recipients.
    ///
    /// `message_id` (without brackets) names the mail in files and logs.
    fn send(&self, envelope: &Envelope, raw: &[u8], message_id: &str)
    -> Result<(), TransportError>;

    /// Makes every mail accepted so far durable; called after a batch of
    /// sends and before they are recorded as sent. Transports that hand mail
    /// to another program or server are durable at once.
    fn flush(&self) -> Result<(), TransportError> {
        Ok(())
    }

    /// Returns true when mail is durable only after [`Transport::flush`],
    /// and sending the same mail again is harmless (it rewrites the same copy).
    fn needs_flush(&self) -> bool {
        false
    }
}

/// Converts our envelope to lettre's, checking every address.
pub(super) fn lettre_envelope(
    envelope: &Envelope,
) -> Result<lettre::address::Envelope, TransportError> {
    let parse = |a: &str| {
        a.trim()
            .parse::<lettre::Address>()
            .map_err(|_| TransportError::BadAddress(a.to_owned()))
    };
    let from = match envelope.from.trim() {
        "" | "<>" => None,
        from => Some(parse(from)?),
    };
    let to = envelope
        .to
        .iter()
        .map(|a| parse(a))
        .collect::<Result<Vec<_>, _>>()?;
    lettre::address::Envelope::new(from, to)
        .map_err(|_| TransportError::BadAddress("(no recipients)".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(from: &str, to: &[&str]) -> Envelope {
        Envelope {
            from: from.to_owned(),
            to: to.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn envelope_allows_the_null_sender_and_checks_addresses() {
        assert!(lettre_envelope(&env("", &["a@example.org"])).is_ok());
        assert!(lettre_envelope(&env("<>", &["a@example.org"])).is_ok());
        let bad = lettre_envelope(&env("", &["a@example.org\r\nRCPT TO:<b@x>"]));
        assert!(matches!(bad, Err(TransportError::BadAddress(_))));
        let none = lettre_envelope(&env("a@example.org", &[]));
        assert!(none.unwrap_err().is_permanent());
    }
}
