//! TLS for the IMAP client: a rustls client (the ring provider, as lettre
//! uses) trusting the system's roots plus an optional CA file, and the
//! socket types the client talks over.
//!
//! Owns certificate loading and wrapping a `TcpStream`; nothing of IMAP.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};

use super::error::ImapError;

/// A byte stream the IMAP client can run over: plain TCP or TLS.
pub(crate) trait Stream: Read + Write + Send {}

impl<T: Read + Write + Send> Stream for T {}

/// Returns a rustls config trusting the system's roots and `ca_file`.
pub(crate) fn client_config(ca_file: Option<&Path>) -> Result<Arc<ClientConfig>, ImapError> {
    let mut roots = RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    let (_added, _ignored) = roots.add_parsable_certificates(native.certs);
    if let Some(path) = ca_file {
        let bad = |why: String| ImapError::Config(format!("CA file {}: {why}", path.display()));
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
            .map_err(|e| bad(e.to_string()))?
            .collect::<Result<_, _>>()
            .map_err(|e| bad(e.to_string()))?;
        if certs.is_empty() {
            return Err(bad("no certificate in it".into()));
        }
        for cert in certs {
            roots.add(cert).map_err(|e| bad(e.to_string()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ImapError::Tls(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Wraps `tcp` in TLS for `host` (a name or an address); the handshake
/// runs on first use.
pub(crate) fn wrap(
    config: Arc<ClientConfig>,
    host: &str,
    tcp: TcpStream,
) -> Result<Box<dyn Stream>, ImapError> {
    let name = ServerName::try_from(host.to_owned())
        .map_err(|e| ImapError::Config(format!("server name {host:?}: {e}")))?;
    let conn = ClientConnection::new(config, name).map_err(|e| ImapError::Tls(e.to_string()))?;
    Ok(Box::new(StreamOwned::new(conn, tcp)))
}
