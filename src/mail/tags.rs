//! Tagged server addresses: `go+<tag>@domain`, the server's own address
//! with a `+tag` on its local part, as a mail system with
//! `recipient_delimiter = +` delivers to the server's one mailbox.
//!
//! Owns the two kinds pbmgo makes: VERP envelope senders
//! (`go+bounce-<id>@domain`), which bring a bounce back with the mail it
//! is about, and reply-token addresses (`go+<token>@domain`, made by the
//! pipeline's `tokens`), and the HMAC both are keyed with. Pure.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The tag that marks a bounce address: `go+bounce-<id>@domain`.
const BOUNCE_TAG: &str = "bounce-";

/// Returns the VERP envelope sender for the mail `message_id` sent as
/// `server` (`go@pbem.test`): `go+bounce-<id>@pbem.test`, where `<id>` is
/// the first 16 hex digits of the HMAC-SHA256 of the Message-ID keyed with
/// the home's secret (`keyed` once, see [`hmac_keyed`]: keying hashes two
/// blocks, as many as the id), so that no one can work out the bounce address
/// of a mail to someone else from its Message-ID. The id is
/// stored with the outbox row (as its `envelope_from`), so a bounce that
/// comes back to this address names the row, and so its recipient. Any
/// `+tag` of the server's own address is replaced; the result is lower-case,
/// as addresses read from inbound mail are.
pub(crate) fn bounce_address(server: &str, message_id: &str, keyed: &HmacSha256) -> String {
    let digest: [u8; 32] = keyed
        .clone()
        .chain_update(message_id.as_bytes())
        .finalize()
        .into_bytes()
        .into();
    let id = data_encoding::HEXLOWER.encode(&digest[..8]);
    tagged_address(server, &format!("{BOUNCE_TAG}{id}")).to_ascii_lowercase()
}

/// HMAC-SHA256 (RFC 2104) keyed with `key`, ready for a message.
pub(crate) type HmacSha256 = Hmac<Sha256>;

/// Returns HMAC-SHA256 keyed with `key`.
pub(crate) fn hmac_keyed(key: &[u8]) -> HmacSha256 {
    // HMAC takes a key of any length (one longer than a block is hashed
    // first): `new_from_slice` never fails for it.
    <HmacSha256 as Mac>::new_from_slice(key).expect("HMAC takes a key of any length")
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key`.
pub(crate) fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    hmac_keyed(key)
        .chain_update(message)
        .finalize()
        .into_bytes()
        .into()
}

/// Returns `server`'s address with `+tag` on its local part (any tag it had replaced).
pub(crate) fn tagged_address(server: &str, tag: &str) -> String {
    let server = server.trim();
    let (local, domain) = server.rsplit_once('@').unwrap_or((server, "localhost"));
    let base = local.split('+').next().unwrap_or(local);
    format!("{base}+{tag}@{domain}")
}

/// Returns the tag of `address` when it is `server`'s address with a
/// `+tag` (local part and domain compared without case), lower-cased.
pub(crate) fn address_tag(address: &str, server: &str) -> Option<String> {
    let (local, domain) = address.trim().rsplit_once('@')?;
    let (s_local, s_domain) = server.trim().rsplit_once('@')?;
    let s_base = s_local.split('+').next().unwrap_or(s_local);
    let (base, tag) = local.split_once('+')?;
    let same = base.eq_ignore_ascii_case(s_base) && domain.eq_ignore_ascii_case(s_domain);
    (same && !tag.is_empty()).then(|| tag.to_ascii_lowercase())
}

/// Returns true when `address` is one of `server`'s bounce addresses (see [`bounce_address`]).
pub(crate) fn is_bounce_address(address: &str, server: &str) -> bool {
    address_tag(address, server).is_some_and(|t| t.starts_with(BOUNCE_TAG))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::Digest;

    #[test]
    fn a_bounce_id_needs_the_secret() {
        let id = "1.abc.pbmgo@pbem.test";
        let a = bounce_address("go@pbem.test", id, &hmac_keyed(b"one secret"));
        assert_ne!(
            a,
            bounce_address("go@pbem.test", id, &hmac_keyed(b"another secret"))
        );
        let plain: String = Sha256::digest(id.as_bytes())
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_ne!(
            a,
            format!("go+bounce-{plain}@pbem.test"),
            "not the bare hash"
        );
        assert_eq!(
            a,
            bounce_address("go@pbem.test", id, &hmac_keyed(b"one secret"))
        );
    }

    /// Bounce addresses of mail already sent must still be recognised: this
    /// one was computed with the hand-written HMAC this module had before it
    /// used the `hmac` crate (and agrees with Python's `hmac`).
    #[test]
    fn bounce_ids_from_before_the_crate_are_unchanged() {
        let a = bounce_address(
            "go@pbem.test",
            "1.abc.pbmgo@pbem.test",
            &hmac_keyed(b"pinned secret"),
        );
        assert_eq!(a, "go+bounce-32c9fdb40238a67f@pbem.test");
    }

    #[test]
    fn bounce_addresses_carry_an_id_and_are_recognised() {
        let a = bounce_address("go@pbem.test", "1.abc.pbmgo@pbem.test", &hmac_keyed(b"k"));
        assert!(
            a.starts_with("go+bounce-") && a.ends_with("@pbem.test"),
            "{a}"
        );
        assert_eq!(a.len(), "go+bounce-@pbem.test".len() + 16);
        assert_eq!(
            a,
            bounce_address("go+x@pbem.test", "1.abc.pbmgo@pbem.test", &hmac_keyed(b"k"))
        );
        assert!(is_bounce_address(&a.to_uppercase(), "go@pbem.test"));
        assert!(!is_bounce_address(&a, "go@other.test"));
        assert!(!is_bounce_address("go+abc@pbem.test", "go@pbem.test"));
    }

    #[test]
    fn tags_are_read_only_from_the_servers_own_address() {
        assert_eq!(tagged_address("go@pbem.test", "t1"), "go+t1@pbem.test");
        let tag = |a: &str| address_tag(a, "Go@PBEM.test");
        assert_eq!(tag("go+AbC@pbem.test").as_deref(), Some("abc"));
        assert_eq!(tag("go@pbem.test"), None);
        assert_eq!(tag("go+@pbem.test"), None);
        assert_eq!(tag("gox+abc@pbem.test"), None);
        assert_eq!(tag("go+abc@evil.test"), None);
        assert_eq!(tag("no-at-sign"), None);
    }
}
