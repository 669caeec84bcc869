//! Which lines of a body the player wrote: everything that is not quoted,
//! not an original below an attribution or separator, not pbmgo's own
//! words, and not after the signature, wherever it stands: above, below
//! or between quoted blocks (top-posting, bottom-posting, interleaving).
//!
//! The body is walked once, line by line:
//!
//! - a quoted line (`>`, or indented and repeating our mail: see `own`) is
//!   skipped;
//! - a signature (`-- `) or a mobile footer ("Sent from my iPhone") ends
//!   the player's text (`ends`);
//! - a header line: an attribution ("On … wrote:", `attribution`) or a
//!   separator ("-----Original Message-----", Outlook's `From:`/`Sent:`
//!   block, `ends`). When the next non-blank line is quoted it only
//!   introduces the quote: it is skipped and the player's lines after the
//!   quote are live again. When unquoted text follows, that text is the
//!   original, unquoted, and the body ends there. A weak attribution (one
//!   that could be a player's own line ending in `:`, such as
//!   "Alice wrote:") only counts when a quote follows;
//! - a line in a run copied from one of our mails (`own`) is dropped;
//! - any other non-blank line is the player's.

mod attribution;
mod ends;

use super::clean::clean;
use super::own::OwnWords;
use attribution::Strength;

/// Returns the lines the player wrote, trimmed and cleaned (see the module
/// header), skipping what is quoted or ours.
pub(super) fn live_lines(body: &str, own: &OwnWords) -> Vec<String> {
    let raw: Vec<&str> = body.lines().collect();
    let lines: Vec<String> = raw.iter().map(|l| clean(l)).collect();
    let marks = own.marks(&raw);
    let quoted: Vec<bool> = (0..lines.len())
        .map(|i| lines[i].starts_with('>') || marks.quoted[i])
        .collect();
    let mut live = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].is_empty() || quoted[i] {
            i += 1;
            continue;
        }
        if ends::is_end(&lines, i) {
            break;
        }
        if let Some((len, strength)) = header(&lines, i) {
            match next_nonblank(&lines, i + len) {
                Some(next) if quoted[next] => {
                    i += len;
                    continue;
                }
                None => break,
                Some(_) if strength == Strength::Strict => break,
                Some(_) => {}
            }
        }
        if !marks.copied[i] {
            live.push(lines[i].clone());
        }
        i += 1;
    }
    live
}

/// Returns how many lines the header at line `i` takes and how sure it is.
fn header(lines: &[String], i: usize) -> Option<(usize, Strength)> {
    ends::separator(lines, i)
        .map(|len| (len, Strength::Strict))
        .or_else(|| attribution::attribution(lines, i))
}

/// Returns the index of the first non-blank line at or after `from`.
fn next_nonblank(lines: &[String], from: usize) -> Option<usize> {
    (from..lines.len()).find(|&j| !lines[j].is_empty())
}
