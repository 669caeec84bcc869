//! [`SmtpTransport`] and its settings: lettre's blocking SMTP client with
//! rustls, plain, STARTTLS or implicit TLS, optional AUTH.

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use lettre::Transport as _;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls as LettreTls, TlsParameters};
use lettre::transport::smtp::extension::ClientId;

use super::error::TransportError;
use super::types::{Envelope, Transport, lettre_envelope};

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tls {
    /// Plain text; only for a trusted local relay.
    None,
    /// Plain connect, then STARTTLS, which is required (no fallback).
    StartTls,
    /// TLS from the first byte (submissions, usually port 465).
    Tls,
}

/// Settings for [`SmtpTransport`].
#[derive(Clone)]
pub struct SmtpConfig {
    /// The relay's host name (also checked against its certificate).
    pub host: String,
    /// The relay's port.
    pub port: u16,
    /// How the connection is protected.
    pub tls: Tls,
    /// The AUTH user; no AUTH when empty.
    pub user: String,
    /// The AUTH password; see `SmtpConfig::password_from`.
    pub password: Option<String>,
    /// An extra trusted root certificate (PEM), besides the system's.
    pub ca_file: Option<PathBuf>,
    /// The name sent in EHLO; the machine's host name when `None`.
    pub helo_name: Option<String>,
    /// The timeout of each SMTP command.
    pub timeout: Duration,
}

impl std::fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("ca_file", &self.ca_file)
            .field("helo_name", &self.helo_name)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl SmtpConfig {
    /// Returns the SMTP password: the trimmed contents of `password_file`
    /// when that path is not empty, else `env` (the value of
    /// `PBMGO_SMTP_PASSWORD`, read by the caller) when set and not empty.
    ///
    /// A password file that cannot be read, or is empty, is an error.
    pub(crate) fn password_from(
        password_file: &str,
        env: Option<String>,
    ) -> Result<Option<String>, TransportError> {
        if password_file.trim().is_empty() {
            return Ok(env.filter(|p| !p.is_empty()));
        }
        let text = fs::read_to_string(password_file).map_err(|e| {
            TransportError::Config(format!("cannot read password file {password_file}: {e}"))
        })?;
        let password = text.trim();
        if password.is_empty() {
            return Err(TransportError::Config(format!(
                "password file {password_file} is empty"
            )));
        }
        Ok(Some(password.to_owned()))
    }

    fn tls_parameters(&self) -> Result<TlsParameters, TransportError> {
        let mut builder = TlsParameters::builder(self.host.clone());
        if let Some(path) = &self.ca_file {
            let pem = fs::read(path).map_err(|e| {
                TransportError::Config(format!("cannot read CA file {}: {e}", path.display()))
            })?;
            let cert = Certificate::from_pem(&pem).map_err(|e| {
                TransportError::Config(format!("bad CA file {}: {e}", path.display()))
            })?;
            builder = builder.add_root_certificate(cert);
        }
        builder
            .build_rustls()
            .map_err(|e| TransportError::Config(format!("tls setup: {e}")))
    }
}

/// Sends over SMTP with lettre (blocking, rustls), one connection per mail.
#[derive(Clone)]
pub struct SmtpTransport {
    inner: lettre::SmtpTransport,
}

impl std::fmt::Debug for SmtpTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SmtpTransport")
    }
}

impl SmtpTransport {
    /// Returns a transport for `config`; nothing is connected yet.
    ///
    /// Fails when the CA file cannot be read, or AUTH has a user but no
    /// password.
    pub fn new(config: &SmtpConfig) -> Result<Self, TransportError> {
        let tls = match config.tls {
            Tls::None => LettreTls::None,
            Tls::StartTls => LettreTls::Required(config.tls_parameters()?),
            Tls::Tls => LettreTls::Wrapper(config.tls_parameters()?),
        };
        let mut builder = lettre::SmtpTransport::builder_dangerous(config.host.clone())
            .port(config.port)
            .tls(tls)
            .timeout(Some(config.timeout));
        if !config.user.is_empty() {
            let password = config.password.clone().ok_or_else(|| {
                TransportError::Config(format!("smtp user {} has no password", config.user))
            })?;
            builder = builder.credentials(Credentials::new(config.user.clone(), password));
        }
        if let Some(name) = config.helo_name.as_ref().filter(|n| !n.is_empty()) {
            builder = builder.hello_name(ClientId::Domain(name.clone()));
        }
        Ok(SmtpTransport {
            inner: builder.build(),
        })
    }
}

impl Transport for SmtpTransport {
    fn send(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        message_id: &str,
    ) -> Result<(), TransportError> {
        let envelope = lettre_envelope(envelope)?;
        self.inner
            .send_raw(&envelope, raw)
            .map_err(|e| TransportError::Smtp {
                permanent: e.is_permanent(),
                message: e.to_string(),
            })?;
        tracing::debug!(message_id, "mail sent by smtp");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_comes_from_the_file_first() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pw");
        fs::write(&file, "s3cret\n").unwrap();
        let file = file.to_str().unwrap();
        assert_eq!(
            SmtpConfig::password_from(file, Some("env".into())).unwrap(),
            Some("s3cret".into())
        );
        assert_eq!(
            SmtpConfig::password_from("", Some("env".into())).unwrap(),
            Some("env".into())
        );
        assert_eq!(
            SmtpConfig::password_from("", Some(String::new())).unwrap(),
            None
        );
        assert_eq!(SmtpConfig::password_from("", None).unwrap(), None);
        let missing = dir.path().join("missing");
        let err = SmtpConfig::password_from(missing.to_str().unwrap(), None).unwrap_err();
        assert!(matches!(err, TransportError::Config(_)));
    }

    #[test]
    fn smtp_config_debug_hides_the_password() {
        let config = SmtpConfig {
            host: "localhost".into(),
            port: 25,
            tls: Tls::None,
            user: "u".into(),
            password: Some("s3cret".into()),
            ca_file: None,
            helo_name: None,
            timeout: Duration::from_secs(5),
        };
        assert!(!format!("{config:?}").contains("s3cret"));
        assert!(SmtpTransport::new(&config).is_ok());
        let no_password = SmtpConfig {
            password: None,
            ..config.clone()
        };
        assert!(matches!(
            SmtpTransport::new(&no_password),
            Err(TransportError::Config(_))
        ));
        let bad_ca = SmtpConfig {
            tls: Tls::StartTls,
            ca_file: Some("/nonexistent/ca.pem".into()),
            ..config
        };
        assert!(matches!(
            SmtpTransport::new(&bad_ca),
            Err(TransportError::Config(_))
        ));
    }
}
