//! Turning the home's `[outbound]` settings into what the runner sends
//! with: the transport (the file transport writing into the home's outbox
//! folder, the sendmail program, or the SMTP relay) and, from it and
//! `[send]`, the retry policy.

use std::time::Duration as StdDuration;

use chrono::Duration;
use thiserror::Error;

use crate::home::{self, Config, Home};
use crate::mailbox::transport::{
    FileTransport, SendmailTransport, SmtpConfig, SmtpTransport, Tls, Transport, TransportError,
};
use crate::store::outbox::RetryPolicy;

/// The timeout of each SMTP command.
const SMTP_TIMEOUT: StdDuration = StdDuration::from_secs(60);
/// The longest first retry wait.
const MAX_RETRY_SECONDS: u64 = 86_400;

/// The `[outbound]` settings do not make a usable transport.
#[derive(Debug, Error)]
#[error("cannot set up the {transport} transport")]
pub(crate) struct SetupError {
    /// `file`, `sendmail` or `smtp`.
    transport: &'static str,
    /// What is wrong.
    #[source]
    source: TransportError,
}

/// Returns the transport `[outbound]` names: the file transport writing
/// into the home's outbox folder, the sendmail program, or the SMTP relay.
///
/// The SMTP password comes from `password_file` (relative to the home) or,
/// when that is empty, from `smtp_password_env` (the caller reads
/// `PBMGO_SMTP_PASSWORD`). Nothing is connected yet.
pub(crate) fn transport_from_config(
    home: &Home,
    smtp_password_env: Option<String>,
) -> Result<Box<dyn Transport>, SetupError> {
    let outbound = &home.config().outbound;
    Ok(match outbound.transport {
        home::Transport::File => Box::new(FileTransport::new(home.outbox())),
        home::Transport::Sendmail => Box::new(SendmailTransport::new(&outbound.sendmail)),
        home::Transport::Smtp => {
            let setup = |source| SetupError {
                transport: "smtp",
                source,
            };
            let config = smtp_config(home, smtp_password_env).map_err(setup)?;
            Box::new(SmtpTransport::new(&config).map_err(setup)?)
        }
    })
}

/// Builds the transport's SMTP settings from `[outbound.smtp]`.
fn smtp_config(home: &Home, password_env: Option<String>) -> Result<SmtpConfig, TransportError> {
    let smtp = &home.config().outbound.smtp;
    let password = match smtp.password_file.as_os_str().is_empty() {
        true => SmtpConfig::password_from("", password_env)?,
        false => {
            let file = home.resolve(&smtp.password_file);
            let file = file.to_str().ok_or_else(|| {
                TransportError::Config(format!(
                    "password file {} is not a UTF-8 path",
                    file.display()
                ))
            })?;
            SmtpConfig::password_from(file, password_env)?
        }
    };
    let ca_file = (!smtp.ca_file.as_os_str().is_empty()).then(|| home.resolve(&smtp.ca_file));
    Ok(SmtpConfig {
        host: smtp.host.clone(),
        port: smtp.port,
        tls: match smtp.tls {
            home::SmtpTls::None => Tls::None,
            home::SmtpTls::Starttls => Tls::StartTls,
            home::SmtpTls::Tls => Tls::Tls,
        },
        user: smtp.user.clone(),
        password,
        ca_file,
        helo_name: None,
        timeout: SMTP_TIMEOUT,
    })
}

/// Returns the retry policy of the config: the first wait is `[outbound]
/// retry_seconds` (1 second to a day; later waits double, at most
/// `outbox::MAX_WAIT`), and mail is given up on `[send] give_up_after`
/// after its first failed attempt. `[outbound] max_attempts` is obsolete
/// and not read.
pub(crate) fn retry_policy(config: &Config) -> RetryPolicy {
    let seconds = config.outbound.retry_seconds.clamp(1, MAX_RETRY_SECONDS);
    let give_up = config.send.give_up_after.seconds();
    RetryPolicy {
        base_delay: Duration::seconds(i64::try_from(seconds).unwrap_or(86_400)),
        give_up_after: Duration::seconds(i64::try_from(give_up).unwrap_or(i64::MAX / 1000)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::home::Span;

    fn policy(max_attempts: u32, seconds: u64, give_up: &str) -> RetryPolicy {
        let mut config = Config::default();
        config.outbound.max_attempts = max_attempts;
        config.outbound.retry_seconds = seconds;
        config.send.give_up_after = Span::parse(give_up).unwrap();
        retry_policy(&config)
    }

    #[test]
    fn retry_policy_is_kept_in_range() {
        let p = policy(0, u64::MAX, "5d");
        assert_eq!(p.base_delay, Duration::days(1));
        assert_eq!(p.give_up_after, Duration::days(5));
        assert_eq!(policy(5, 60, "36h").base_delay, Duration::seconds(60));
        assert_eq!(policy(5, 0, "90m").base_delay, Duration::seconds(1));
        // max_attempts no longer ends retries: only give_up_after does.
        assert_eq!(policy(1, 60, "2h"), policy(50, 60, "2h"));
        assert_eq!(policy(1, 60, "2h").give_up_after, Duration::hours(2));
    }
}
