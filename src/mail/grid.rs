//! An aligned text table found in a block of lines: the standings, the
//! players, a tournament's standings and crosstable, written in the text
//! part as columns under a header line. `laid` makes it a `<table>`.
//!
//! Owns the rule that tells a table from any other block laid out by hand.
//! A block is a grid when:
//!
//! - it has a header line and at least one row (blank lines aside), no tab
//!   and no board row;
//! - its columns are the runs of character positions between the runs
//!   that are a space in every line (shorter lines padded with spaces): a
//!   single space counts when every line has one there, so `Rank Rating`
//!   are two columns, while `3k (1812)` stays one cell as soon as one line
//!   (the header, say) has text across that space;
//! - there are at least three columns, and two of them at least two
//!   spaces apart;
//! - every cell of the header starts with a letter and no cell is empty;
//! - at least one column is numbers ([`is_number`]) in every row.
//!
//! The last three keep a count, a command to copy, a list of commands
//! (`To accept:      done game1#1`) and prose out.
//!
//! Must not touch: which lines form a block (see `alternative` and
//! `layout`), the HTML (see `laid`).

use super::layout::is_board_row;

/// The cells of an aligned text table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// The header's cells.
    pub(crate) head: Vec<String>,
    /// Each row's cells, as many as the header's.
    pub(crate) rows: Vec<Vec<String>>,
    /// For each column, whether it holds a number in every row.
    pub(crate) numeric: Vec<bool>,
}

/// The fewest columns a grid has.
const MIN_COLUMNS: usize = 3;

/// The characters of a number in a table: a place (`3=`), points (`2½`,
/// `1.5`), a score (`3-1`), a difference (`+12`).
const NUMBER: &str = "0123456789.=+-/½";

/// The grid `lines` are, if they are one (see the module's header).
pub(crate) fn grid(lines: &[&str]) -> Option<Grid> {
    let lines: Vec<&str> = lines
        .iter()
        .map(|l| l.trim_end())
        .filter(|l| !l.is_empty())
        .collect();
    let plain = lines.len() >= 2 && !lines.iter().any(|l| l.contains('\t') || is_board_row(l));
    if !plain {
        return None;
    }
    let chars: Vec<Vec<char>> = lines.iter().map(|l| l.chars().collect()).collect();
    let spans = columns(&chars)?;
    let mut cells = chars.iter().map(|l| {
        spans
            .iter()
            .map(|&(s, e)| cell(l, s, e))
            .collect::<Vec<_>>()
    });
    let head = cells.next()?;
    let rows: Vec<Vec<String>> = cells.collect();
    let titled = head
        .iter()
        .all(|c| c.chars().next().is_some_and(char::is_alphabetic));
    let full = rows.iter().flatten().all(|c| !c.is_empty());
    let numeric: Vec<bool> = (0..head.len())
        .map(|i| rows.iter().all(|r| is_number(&r[i])))
        .collect();
    (titled && full && numeric.contains(&true)).then_some(Grid {
        head,
        rows,
        numeric,
    })
}

/// The columns of `lines` as ranges of character positions: the runs
/// between the positions that are a space in every line. None unless there
/// are [`MIN_COLUMNS`] and two of them are two spaces apart or more.
fn columns(lines: &[Vec<char>]) -> Option<Vec<(usize, usize)>> {
    let width = lines.iter().map(Vec::len).max()?;
    let gap = |i: usize| lines.iter().all(|l| l.get(i).is_none_or(|c| *c == ' '));
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let (mut start, mut wide) = (None, false);
    for i in 0..=width {
        match (gap(i), start) {
            (false, None) => {
                wide |= spans.last().is_some_and(|&(_, end)| i - end >= 2);
                start = Some(i);
            }
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    (spans.len() >= MIN_COLUMNS && wide).then_some(spans)
}

/// The text of `line` between positions `start` and `end`, trimmed.
fn cell(line: &[char], start: usize, end: usize) -> String {
    let end = end.min(line.len());
    let text: String = line.get(start..end).unwrap_or_default().iter().collect();
    text.trim().to_string()
}

/// Whether `cell` is a number as tables write them: only digits, `.`,
/// `=`, `+`, `-`, `/` and `½`.
fn is_number(cell: &str) -> bool {
    !cell.is_empty() && cell.chars().all(|c| NUMBER.contains(c))
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
