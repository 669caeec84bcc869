//! Address normalization: `"Alice <Alice@Example.ORG>"` → `alice@example.org`.

/// Returns the bare address of `s` with its ASCII letters lower-cased (a
/// Kelvin sign is not a K), or `None` when it is not one.
///
/// Accepts a bare address or one in angle brackets after a display name.
/// Rejects text without exactly one `@`, with an empty local part or
/// domain, or with whitespace or control characters in the address.
pub(crate) fn normalize_address(s: &str) -> Option<String> {
    let inner = bracketed(s).unwrap_or(s).trim();
    let (local, domain) = inner.split_once('@')?;
    let valid = !local.is_empty()
        && !domain.is_empty()
        && !domain.contains('@')
        && !inner.chars().any(|c| c.is_whitespace() || c.is_control());
    valid.then(|| inner.to_ascii_lowercase())
}

/// Returns the text inside the last `<…>` of `s`, if any.
fn bracketed(s: &str) -> Option<&str> {
    let open = s.rfind('<')?;
    let rest = s.get(open + 1..)?;
    let close = rest.find('>')?;
    rest.get(..close)
}

/// Returns a display name without control characters (CR, LF, tabs…),
/// whitespace collapsed, or `None` when nothing is left.
pub(super) fn clean_display_name(name: &str) -> Option<String> {
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let collapsed = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    let trimmed = collapsed.trim_matches('"').trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}
