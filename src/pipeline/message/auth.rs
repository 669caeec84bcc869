//! Forged senders: reading `Authentication-Results` (RFC 8601) from a
//! trusted authserv-id, and refusing mail whose DKIM or DMARC result for
//! the From domain is `fail`.
//!
//! Owns only that check; without a trusted authserv-id it does nothing,
//! because anyone can write the header.

use crate::mail::inbound::InboundMail;

/// Returns why the mail is taken as forged, or `None`.
pub(crate) fn forged(mail: &InboundMail, trusted: Option<&str>) -> Option<String> {
    let trusted = trusted.filter(|t| !t.trim().is_empty())?;
    let domain = mail
        .from
        .as_deref()?
        .rsplit_once('@')?
        .1
        .to_ascii_lowercase();
    mail.authentication_results
        .iter()
        .map(|h| uncommented(h))
        .filter(|h| authserv_id(h).eq_ignore_ascii_case(trusted.trim()))
        .find_map(|h| failing_method(&h, &domain))
        .map(|m| format!("{m} for {domain} failed, as {trusted} reports: the sender may be forged"))
}

/// Returns `header` with its comments (RFC 5322 `(...)`, nested, with
/// `\` escapes; not inside quoted strings) each replaced by a space, so that
/// `dmarc=fail(p=reject)` reads as `dmarc=fail`.
fn uncommented(header: &str) -> String {
    let (mut out, mut depth, mut quoted, mut escaped) = (String::new(), 0u32, false, false);
    for c in header.chars() {
        let keep = depth == 0;
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted || depth > 0 => escaped = true,
            '"' if depth == 0 => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(' ');
                }
                continue;
            }
            _ => {}
        }
        if keep && depth == 0 {
            out.push(c);
        }
    }
    out
}

fn authserv_id(header: &str) -> &str {
    header
        .split(';')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .next()
        .unwrap_or("")
}

/// Returns `dkim` or `dmarc` when that method failed for `domain` and did not also pass for it.
fn failing_method(header: &str, domain: &str) -> Option<&'static str> {
    let results: Vec<(String, String, Option<String>)> =
        header.split(';').skip(1).filter_map(parse_result).collect();
    ["dkim", "dmarc"].into_iter().find(|&m| {
        let for_domain = |r: &&(String, String, Option<String>)| {
            r.0 == m && r.2.as_deref().is_none_or(|d| d == domain)
        };
        let fails = results.iter().filter(for_domain).any(|r| r.1 == "fail");
        let passes = results.iter().filter(for_domain).any(|r| r.1 == "pass");
        fails && !passes
    })
}

/// Reads `method=result ... header.d=domain` (or `header.from=`).
fn parse_result(part: &str) -> Option<(String, String, Option<String>)> {
    let mut words = part.split_whitespace();
    let (method, result) = words.next()?.split_once('=')?;
    let domain = words
        .filter_map(|w| w.split_once('='))
        .find(|(k, _)| k.eq_ignore_ascii_case("header.d") || k.eq_ignore_ascii_case("header.from"))
        .map(|(_, v)| {
            v.trim_matches(|c| c == '"' || c == ';')
                .to_ascii_lowercase()
        });
    Some((
        method.to_ascii_lowercase(),
        result.to_ascii_lowercase(),
        domain,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(results: &[&str]) -> InboundMail {
        InboundMail {
            from: Some("alice@example.org".into()),
            authentication_results: results.iter().map(|s| s.to_string()).collect(),
            ..InboundMail::default()
        }
    }

    #[test]
    fn only_a_trusted_failure_counts() {
        let m = mail(&["mx.example.net; dkim=fail header.d=example.org; spf=pass"]);
        assert!(forged(&m, None).is_none());
        assert!(forged(&m, Some("other.example")).is_none());
        assert!(forged(&m, Some("mx.example.net")).unwrap().contains("dkim"));
        let dmarc = mail(&["mx.example.net; dmarc=fail (p=reject) header.from=example.org"]);
        assert!(
            forged(&dmarc, Some("mx.example.net"))
                .unwrap()
                .contains("dmarc")
        );
    }

    #[test]
    fn comments_are_read_as_blanks_wherever_they_stand() {
        let trusted = Some("mx.example.net");
        for header in [
            "mx.example.net; dmarc=fail(p=reject) header.from=example.org",
            "mx.example.net (our MX); dmarc=fail(p=reject; sp=none)header.from=example.org",
            "mx.example.net; dkim=fail (bad (nested) sig \\) still) header.d=example.org",
        ] {
            let why = forged(&mail(&[header]), trusted);
            assert!(why.is_some(), "{header}");
        }
        let quoted = mail(&["mx.example.net; dkim=pass header.d=example.org x=\"(\""]);
        assert!(forged(&quoted, trusted).is_none());
        assert_eq!(
            uncommented("a=b(c)d \"(e)\" (f (g) \\) h) i"),
            "a=b d \"(e)\"   i"
        );
    }

    #[test]
    fn a_pass_or_another_domain_is_not_forged() {
        let m = mail(&[
            "mx.example.net; dkim=fail header.d=example.org; dkim=pass header.d=example.org",
        ]);
        assert!(forged(&m, Some("mx.example.net")).is_none());
        let other = mail(&["mx.example.net; dkim=fail header.d=mailinglist.example"]);
        assert!(forged(&other, Some("mx.example.net")).is_none());
    }
}
