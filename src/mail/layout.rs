//! The laid-out spans of a mail's text: where a block laid out by hand (a
//! board diagram, a count, a command table) stands among the prose.
//!
//! Owns the cutting of a text into [`Segment`]s: the spans the mail
//! declares as laid out (its board diagrams and counts, known where they
//! were rendered), found as whole lines, and the free text between them.
//! A board row that no declaration covers (an earlier position in a
//! transcript) is still recognised by its shape ([`is_board_row`]), so no
//! board of any size is ever reflowed as prose.
//!
//! Must not touch: the HTML itself (see `alternative`), the words.

/// The lines of `text` between its LFs, as `text.split('\n')` gives them
/// (the last one after the last LF, empty if it ends with one), found with
/// `memchr`'s vector search: a mail's text is cut into lines several times
/// as its HTML is made, and `str::split` looks for each LF a byte at a time.
pub(crate) fn lf_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', text.as_bytes())
        .map(Some)
        .chain([None])
        .map(move |end| {
            let from = start;
            let to = end.unwrap_or(text.len());
            start = to + 1;
            &text[from..to]
        })
}

/// A run of whole lines of a text: laid out by hand, or free text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment<'a> {
    /// Lines the mail declared laid out; the index of the declaration.
    Laid(Vec<&'a str>, usize),
    /// Any other lines, blank ones included.
    Free(Vec<&'a str>),
}

/// Cuts `text` into segments: each run of lines that equals one of
/// `declared` (compared line by line, trailing spaces ignored; the longest
/// first) is a [`Segment::Laid`], the rest [`Segment::Free`].
pub(crate) fn segments<'a>(text: &'a str, declared: &[&str]) -> Vec<Segment<'a>> {
    let lines: Vec<&str> = lf_lines(text).map(str::trim_end).collect();
    let wanted: Vec<Vec<&str>> = declared.iter().map(|d| block_lines(d)).collect();
    let mut out = Vec::new();
    let mut free = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match longest_match(&lines[i..], &wanted) {
            Some((which, len)) => {
                if !free.is_empty() {
                    out.push(Segment::Free(std::mem::take(&mut free)));
                }
                out.push(Segment::Laid(lines[i..i + len].to_vec(), which));
                i += len;
            }
            None => {
                free.push(lines[i]);
                i += 1;
            }
        }
    }
    if !free.is_empty() {
        out.push(Segment::Free(free));
    }
    out
}

/// The lines of a declared block, without blank lines at its ends.
fn block_lines(block: &str) -> Vec<&str> {
    let lines: Vec<&str> = lf_lines(block).map(str::trim_end).collect();
    let start = lines
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |e| e + 1);
    lines[start..end].to_vec()
}

/// The declaration (and its length) that `lines` starts with; the
/// longest when several do.
fn longest_match(lines: &[&str], wanted: &[Vec<&str>]) -> Option<(usize, usize)> {
    wanted
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.is_empty() && lines.starts_with(w))
        .max_by_key(|(i, w)| (w.len(), std::cmp::Reverse(*i)))
        .map(|(i, w)| (i, w.len()))
}

/// True when `line` is a row of a board diagram: its number, the points
/// (stones, marks, spaces and the parentheses of the last move), and the
/// same number again, e.g. `19  . . X . 19`.
pub(crate) fn is_board_row(line: &str) -> bool {
    let line = line.trim();
    let head: String = line.chars().take_while(char::is_ascii_digit).collect();
    let tail_len = line.chars().rev().take_while(char::is_ascii_digit).count();
    if head.is_empty() || head.len() > 2 || line.len() < head.len() + tail_len + 2 {
        return false;
    }
    let middle = &line[head.len()..line.len() - tail_len];
    line[line.len() - tail_len..] == head
        && middle.starts_with(' ')
        && middle.ends_with([' ', ')'])
        && middle.chars().all(|c| " .()XOxo+-#=*".contains(c))
}

#[cfg(test)]
mod tests {
    use super::{Segment, is_board_row, lf_lines, segments};

    #[test]
    fn lf_lines_are_the_pieces_of_split() {
        for text in ["", "\n", "a", "a\n", "\na", "a\n\nb\r\n c ", "é\nü\n\n"] {
            let ours: Vec<&str> = lf_lines(text).collect();
            let split: Vec<&str> = text.split('\n').collect();
            assert_eq!(ours, split, "{text:?}");
        }
    }

    #[test]
    fn declared_blocks_are_cut_out_as_whole_lines() {
        let text = "News\n    A B\n 2  . X  2\n    A B\nafter\n";
        let board = "    A B\n 2  . X  2\n    A B\n";
        let got = segments(text, &[board, "after"]);
        assert_eq!(
            got,
            vec![
                Segment::Free(vec!["News"]),
                Segment::Laid(vec!["    A B", " 2  . X  2", "    A B"], 0),
                Segment::Laid(vec!["after"], 1),
                Segment::Free(vec![""]),
            ]
        );
        assert_eq!(segments("a\nb", &[""]), vec![Segment::Free(vec!["a", "b"])]);
    }

    #[test]
    fn board_rows_of_every_size_are_known_by_their_shape() {
        assert!(is_board_row(" 9  . . +(X). 9"));
        assert!(is_board_row("19  . . . . 19"));
        assert!(is_board_row(" 3  # x = O  3"));
        assert!(!is_board_row("19 stones were captured on move 19"));
        assert!(!is_board_row("12  . . . 13"));
        assert!(!is_board_row("2024"));
    }
}
