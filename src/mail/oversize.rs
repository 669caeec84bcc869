//! Mail over the size limit: read only up to the limit, and kept as its
//! headers and a note instead of whole. The note (the "stub") starts with
//! an `X-Pbmgo-Oversize:` header giving the size the message had, so a
//! stub read again (a retry, a crash before the commit) is known for what
//! it is and quarantined again, never read as a mail without a body.
//!
//! Owns the stub's shape only; reading files and stdin is the runner's and
//! the CLI's, deciding to quarantine the pipeline's.

use std::io::{self, Read};

/// The header that starts a stub.
const HEADER: &str = "X-Pbmgo-Oversize:";
/// The most header bytes a stub keeps.
const MAX_HEADER_BYTES: usize = 64 * 1024;

/// Reads `source` up to `limit` bytes. Returns the bytes when the message
/// is within the limit, else its stub (the rest is read and thrown away in
/// small pieces, so memory stays near the limit whatever the size).
pub fn read_limited(source: impl Read, limit: usize) -> io::Result<Vec<u8>> {
    let mut head = Vec::new();
    let mut source = source;
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    (&mut source).take(cap).read_to_end(&mut head)?;
    if head.len() <= limit {
        return Ok(head);
    }
    let rest = io::copy(&mut source, &mut io::sink())?;
    let size = u64::try_from(head.len()).unwrap_or(u64::MAX) + rest;
    Ok(stub(&head, size, limit))
}

/// The stub of a message of `size` bytes whose first bytes are `head`:
/// the `X-Pbmgo-Oversize` header, the message's own header block (at most
/// 64 KiB of it) and a note in place of the body.
pub fn stub(head: &[u8], size: u64, limit: usize) -> Vec<u8> {
    let end = match header_end(head) {
        Some(end) if end <= MAX_HEADER_BYTES => end,
        _ => last_line_end(&head[..head.len().min(MAX_HEADER_BYTES)]),
    };
    let mut out = format!("{HEADER} {size}\r\n").into_bytes();
    out.extend_from_slice(&head[..end]);
    if !out.ends_with(b"\n") {
        out.extend_from_slice(b"\r\n");
    }
    let note = format!(
        "\r\n[pbmgo: this message was {size} bytes, over the limit of {limit}; only its \
         headers were kept]\r\n"
    );
    out.extend_from_slice(note.as_bytes());
    out
}

/// The size a stub says its message had, or `None` when `raw` is no stub.
pub fn stub_size(raw: &[u8]) -> Option<u64> {
    let line = raw.strip_prefix(HEADER.as_bytes())?;
    let end = line.iter().position(|&b| b == b'\r' || b == b'\n')?;
    std::str::from_utf8(&line[..end]).ok()?.trim().parse().ok()
}

/// The end of the last whole line of `raw` (0 when there is none).
fn last_line_end(raw: &[u8]) -> usize {
    raw.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1)
}

/// Where the header block ends (after its last line break), if it does.
fn header_end(raw: &[u8]) -> Option<usize> {
    let ends: [&[u8]; 2] = [b"\r\n\r\n", b"\n\n"];
    ends.iter()
        .filter_map(|e| {
            raw.windows(e.len())
                .position(|w| w == *e)
                .map(|at| at + e.len() / 2)
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAIL: &[u8] = b"From: a@example.org\r\nSubject: big\r\n\r\nmove game1 c3\r\nAAAAAAAAAA";

    #[test]
    fn a_mail_within_the_limit_is_read_whole() {
        assert_eq!(read_limited(MAIL, MAIL.len()).unwrap(), MAIL);
        assert_eq!(stub_size(MAIL), None);
    }

    #[test]
    fn a_mail_over_the_limit_becomes_its_headers_and_a_note() {
        let got = read_limited(MAIL, 40).unwrap();
        let text = String::from_utf8(got.clone()).unwrap();
        assert_eq!(
            text,
            "X-Pbmgo-Oversize: 62\r\nFrom: a@example.org\r\nSubject: big\r\n\r\n\
             [pbmgo: this message was 62 bytes, over the limit of 40; only its headers \
             were kept]\r\n"
        );
        assert_eq!(stub_size(&got), Some(62));
        assert!(!text.contains("move game1"));
    }

    #[test]
    fn headers_cut_by_the_limit_are_kept_as_far_as_read() {
        let got = read_limited(MAIL, 25).unwrap();
        let text = String::from_utf8(got).unwrap();
        assert!(
            text.starts_with("X-Pbmgo-Oversize: 62\r\nFrom: a@example.org\r\n\r\n[pbmgo: this"),
            "a header line cut short is left out: {text}"
        );
    }
}
