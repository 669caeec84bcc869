//! The HTML of a span of a mail's text laid out by hand: the picture that
//! depicts it (a board shown once, as its picture), a board's `<pre>`, a
//! table of two columns (the scoring commands: what, then the command), an
//! aligned table of columns under a header (see `grid`) as a `<table>`, or
//! else a `<pre>` of its lines, each kept a line.
//!
//! Must not touch: which spans are laid out (see `layout`), the rest of
//! the page (see `alternative`).

use super::grid::grid;
use super::layout::{is_board_row, lf_lines};

/// A picture of a block of the text (the board), shown in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture<'a> {
    /// The image's address, e.g. `cid:board.1@example.org`.
    pub src: String,
    /// The lines of the text it depicts, as they are in the text.
    pub shows: &'a str,
    /// Its alternative text.
    pub alt: &'a str,
    /// The caption under it (how to read it); none when empty.
    pub caption: &'a str,
    /// The label of the text board folded under it (`<details>`), so the
    /// HTML still holds the board's rows as lines, for a reader that wants
    /// to copy a point or cannot see pictures; none when empty.
    pub letters: &'a str,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

/// A laid-out span: the picture that depicts it, when there is one not
/// shown yet, else a `<pre>`.
pub(crate) fn laid(lines: &[&str], pictures: &[Picture<'_>], shown: &mut [bool]) -> String {
    let depicts = |p: &Picture<'_>| {
        let shows: Vec<&str> = lf_lines(p.shows.trim_matches('\n'))
            .map(str::trim_end)
            .collect();
        shows == lines
    };
    match (0..pictures.len()).find(|&i| !shown[i] && depicts(&pictures[i])) {
        Some(i) => {
            shown[i] = true;
            img(&pictures[i]) + &folded(&pictures[i], lines)
        }
        None => block(lines),
    }
}

/// A laid-out span without a picture: a board's `<pre>` as drawn; a
/// table of two columns or a grid as a `<table>`; any other as a `<pre>`
/// of its lines without the indent they share in the text.
fn block(lines: &[&str]) -> String {
    let board = class(lines);
    if !board.is_empty() {
        return format!("<pre{board}>{}</pre>\n", escape(&lines.join("\n")));
    }
    let lines = dedented(lines);
    match columns(&lines) {
        Some(rows) => table(&rows),
        None => grid_table(&lines)
            .unwrap_or_else(|| format!("<pre>{}</pre>\n", escape(&lines.join("\n")))),
    }
}

/// The grid `lines` are (see `grid`), if they are one, as a `<table
/// class="grid">`: the header's cells `<th>`, the rows' `<td>`, a column
/// of numbers `class="num"`; in a `<div class="scroll">`, which scrolls
/// sideways on its own when the table is wider than the screen.
pub(crate) fn grid_table(lines: &[&str]) -> Option<String> {
    let g = grid(lines)?;
    let row = |cells: &[String], tag: &str| -> String {
        let cells: String = cells
            .iter()
            .zip(&g.numeric)
            .map(|(c, &n)| {
                let num = if n { " class=\"num\"" } else { "" };
                format!("<{tag}{num}>{}</{tag}>", escape(c))
            })
            .collect();
        format!("<tr>{cells}</tr>")
    };
    let body: String = g.rows.iter().map(|r| row(r, "td") + "\n").collect();
    Some(format!(
        "<div class=\"scroll\"><table class=\"grid\">\n<thead>{}</thead>\n\
         <tbody>\n{body}</tbody>\n</table></div>\n",
        row(&g.head, "th")
    ))
}

/// `lines` without the leading spaces they all have.
fn dedented<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect()
}

/// The two columns of each line, when every one of at least two lines is
/// two cells apart by three spaces or more (`To accept:     done game1`).
fn columns<'a>(lines: &[&'a str]) -> Option<Vec<(&'a str, &'a str)>> {
    let rows: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            let (left, right) = l.split_once("   ")?;
            let right = right.trim_start();
            let two = !left.trim().is_empty() && !right.is_empty() && !right.contains("   ");
            two.then_some((left.trim(), right))
        })
        .collect::<Option<_>>()?;
    (rows.len() >= 2).then_some(rows)
}

/// Rows of two cells as a table: the words, then the command in `<code>`.
fn table(rows: &[(&str, &str)]) -> String {
    let cells: String = rows
        .iter()
        .map(|(what, command)| {
            format!(
                "<tr><td>{}</td><td><code>{}</code></td></tr>\n",
                escape(what),
                escape(command)
            )
        })
        .collect();
    format!("<table class=\"commands\">\n{cells}</table>\n")
}

/// The class of a laid-out span: `board` for a board diagram, and `wide`
/// too for one wider than a phone shows at the normal size (19x19 and up).
pub(crate) fn class(lines: &[&str]) -> &'static str {
    if !lines.iter().any(|l| is_board_row(l)) {
        ""
    } else if lines.iter().any(|l| l.chars().count() > WIDE) {
        " class=\"board wide\""
    } else {
        " class=\"board\""
    }
}

/// Lines longer than this (in characters) are wide on a phone: a 17x17
/// board's rows and up.
const WIDE: usize = 40;

/// The picture as a figure of its own, scaled to the reader's width,
/// with its caption.
fn img(p: &Picture<'_>) -> String {
    let caption = match p.caption.trim() {
        "" => String::new(),
        words => format!("\n<figcaption>{}</figcaption>", escape(words)),
    };
    format!(
        "<figure class=\"board\"><img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\">\
         {caption}</figure>\n",
        escape(&p.src),
        escape(p.alt),
        p.width,
        p.height
    )
}

/// The board's text under its picture, folded away: the picture is the
/// board the reader sees, once; the rows stay lines of a `<pre>`.
fn folded(p: &Picture<'_>, lines: &[&str]) -> String {
    match p.letters.trim() {
        "" => String::new(),
        label => format!(
            "<details class=\"board\"><summary>{}</summary>\n{}</details>\n",
            escape(label),
            block(lines).trim_end()
        ),
    }
}

/// `text` with the five HTML special characters escaped.
pub fn escape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let (mut from, mut at) = (0, 0);
    // The characters replaced are ASCII, so each run between them is whole
    // UTF-8 and is copied at once; eight bytes are passed over at a time
    // while none is one of them.
    while at < bytes.len() {
        if let Some(word) = bytes.get(at..at + 8)
            && !special(u64::from_ne_bytes(word.try_into().unwrap_or([b'&'; 8])))
        {
            at += 8;
            continue;
        }
        let entity = match bytes[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => {
                at += 1;
                continue;
            }
        };
        out.push_str(&text[from..at]);
        out.push_str(entity);
        at += 1;
        from = at;
    }
    out.push_str(&text[from..]);
    out
}

/// Every byte of a `u64` set to `b`.
const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// Whether a byte of `w` is `&`, `<`, `>`, `"` or `'` (each byte compared
/// to each at once: the high bit of a byte that is zero after the xor).
fn special(w: u64) -> bool {
    let low = splat(0x7f);
    let zero = |x: u64| !(((x & low) + low) | x | low);
    (zero(w ^ splat(b'&'))
        | zero(w ^ splat(b'<'))
        | zero(w ^ splat(b'>'))
        | zero(w ^ splat(b'"'))
        | zero(w ^ splat(b'\'')))
        != 0
}

#[cfg(test)]
mod tests {
    use super::block;

    #[test]
    fn escape_replaces_the_five_characters_wherever_they_are() {
        use super::escape;
        let slow = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .replace('\'', "&#39;")
        };
        let pieces = [
            "&", "<", ">", "\"", "'", "abc", "ünï", "☃", " ", "12345678", "\u{a6}",
        ];
        for n in 0..200 {
            let text: String = (0..n % 37)
                .map(|i| pieces[(i * 7 + n) % pieces.len()])
                .collect();
            assert_eq!(escape(&text), slow(&text), "{text:?}");
        }
    }

    #[test]
    fn escaping_replaces_the_five_characters_and_keeps_the_rest() {
        assert_eq!(
            super::escape("a<b>&\"c\" 'é' ☃"),
            "a&lt;b&gt;&amp;&quot;c&quot; &#39;é&#39; ☃"
        );
        assert_eq!(super::escape(""), "");
        assert_eq!(super::escape("plain"), "plain");
    }

    #[test]
    fn a_table_of_two_columns_becomes_a_table_and_a_count_loses_its_indent() {
        let commands = [
            "    To accept:      done game1#1",
            "    To play on:     resume game1",
        ];
        assert_eq!(
            block(&commands),
            "<table class=\"commands\">\n\
             <tr><td>To accept:</td><td><code>done game1#1</code></td></tr>\n\
             <tr><td>To play on:</td><td><code>resume game1</code></td></tr>\n</table>\n"
        );
        let count = ["    Counting: area", "    Black: 3 = 3", "    White: 0.5"];
        assert_eq!(
            block(&count),
            "<pre>Counting: area\nBlack: 3 = 3\nWhite: 0.5</pre>\n"
        );
        let board = [" 2  . X  2", " 1  . .  1"];
        assert_eq!(
            block(&board),
            "<pre class=\"board\"> 2  . X  2\n 1  . .  1</pre>\n"
        );
    }

    #[test]
    fn a_declared_table_of_columns_becomes_a_grid_without_its_indent() {
        let standings = [
            "    Pl  Player   Pts  SOS",
            "     1  alice      2    3",
            "     2= bob        1    4",
        ];
        assert_eq!(
            block(&standings),
            "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>\
             <th class=\"num\">Pl</th><th>Player</th><th class=\"num\">Pts</th>\
             <th class=\"num\">SOS</th></tr></thead>\n<tbody>\n\
             <tr><td class=\"num\">1</td><td>alice</td><td class=\"num\">2</td>\
             <td class=\"num\">3</td></tr>\n\
             <tr><td class=\"num\">2=</td><td>bob</td><td class=\"num\">1</td>\
             <td class=\"num\">4</td></tr>\n</tbody>\n</table></div>\n"
        );
    }
}
