//! Lower-case hex of bytes, for the digests in ids, keys and boundaries.
//!
//! One `String` of the right size filled from a table: the
//! `format!("{b:02x}")` per byte it replaces cost a formatter run and an
//! allocation for every byte, a few thousand instructions per digest.

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Returns `bytes` as lower-case hex, two digits a byte.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::hex;

    #[test]
    fn two_lower_case_digits_a_byte() {
        assert_eq!(hex(&[]), "");
        assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff, 0x5c]), "000fa0ff5c");
    }

    #[test]
    fn matches_the_formatter_for_every_byte() {
        let all: Vec<u8> = (0..=255).collect();
        let formatted: String = all.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex(&all), formatted);
    }
}
