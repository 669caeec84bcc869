//! The HTML alternative of a reply, made from its text part and the
//! spans of it the mail declares laid out.
//!
//! Owns the one rule set that turns the words of a text mail into HTML, so
//! every mail has both parts and they never say different things. The
//! spans the mail declares laid out (its board diagrams and counts, known
//! where they were rendered, see `layout`) are `<pre>`, or the picture
//! that depicts them, whatever their first character. The rest follows a
//! few conventions the templates keep:
//!
//! - blocks are separated by blank lines;
//! - a line that starts with white space is laid out by hand (a command to
//!   copy, a table), and so is a board row (`19  . . X 19`): `<pre>`, or a
//!   `<table>` when the lines are an aligned table of columns under a
//!   header (see `grid`);
//! - lines that start with `>` quote a player or a command: `<blockquote>`;
//! - lines that start with `- ` are the items of a list, and lines indented
//!   by two spaces right under an item continue it: `<ul>`;
//! - everything else is prose: a `<p>` that reflows. Lines broken by
//!   [`wrap`] at [`WIDTH`] are joined again; any other line end stays a
//!   `<br>`.
//!
//! In prose, quotes and list items an `http://` or `https://` address (a
//! game's web page) is a link to itself (`<a href>`); no other scheme is.
//!
//! The page sets no colours and says it suits light and dark schemes, has
//! no remote resources, and no empty element.
//!
//! Must not touch: the words themselves (see `templates`), headers and
//! MIME (see `outbound`).

pub use super::laid::{Picture, escape};
use super::laid::{class, grid_table, laid};
use super::layout::{Segment, is_board_row, lf_lines, segments};
use super::style::STYLE;

/// The width at which the text part's prose is wrapped.
pub const WIDTH: usize = 72;

/// Returns `text` with each prose line longer than `width` characters
/// broken between words; lines that start with white space or `>` are
/// kept as they are, and a list item (`- `) continues on lines indented by
/// two spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    for (i, line) in lf_lines(text).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let keep = line.starts_with([' ', '\t', '>'])
            || line.len() <= width
            || line.chars().count() <= width;
        if keep {
            out.push_str(line);
            continue;
        }
        let indent = if line.starts_with("- ") { "  " } else { "" };
        // The line being filled is the end of `out`, from `start`; its
        // length in characters is counted as it grows.
        let (mut start, mut chars) = (out.len(), 0);
        for word in line.split_whitespace() {
            let word_chars = word.chars().count();
            if out.len() > start && chars + 1 + word_chars > width {
                out.push('\n');
                out.push_str(indent);
                (start, chars) = (out.len() - indent.len(), indent.len());
            }
            if out.len() > start && !out.ends_with(' ') {
                out.push(' ');
                chars += 1;
            }
            out.push_str(word);
            chars += word_chars;
        }
    }
    out
}

/// Returns a complete HTML document saying what `text` says, titled
/// `title`.
pub fn html(text: &str, title: &str) -> String {
    html_with(text, title, &[], &[])
}

/// As [`html`], with each span of `laid_out` (whole lines of `text`: a
/// board, a count, a command table) kept as `<pre>` whatever its first
/// character, and each of `pictures` shown (once) in place of the first
/// span of lines it depicts: the HTML shows that board once, as the
/// picture.
pub fn html_with(text: &str, title: &str, laid_out: &[&str], pictures: &[Picture<'_>]) -> String {
    let (head, tail) = html_around_style(text, title, laid_out, pictures);
    [head.as_str(), STYLE, tail.as_str()].concat()
}

/// [`html_with`] in two pieces, which the [`STYLE`] goes between: up to
/// and with the line `<style>`, and from the line `</style>` on.
pub(crate) fn html_around_style(
    text: &str,
    title: &str,
    laid_out: &[&str],
    pictures: &[Picture<'_>],
) -> (String, String) {
    let mut declared: Vec<&str> = laid_out.to_vec();
    declared.extend(pictures.iter().map(|p| p.shows));
    let mut shown = vec![false; pictures.len()];
    let mut body = String::with_capacity(text.len() * 2);
    for segment in segments(text, &declared) {
        match segment {
            Segment::Laid(lines, _) => body.push_str(&laid(&lines, pictures, &mut shown)),
            Segment::Free(lines) => body.push_str(&free(&lines)),
        }
    }
    let head = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <meta name=\"supported-color-schemes\" content=\"light dark\">\n\
         <meta name=\"format-detection\" content=\"telephone=no, date=no, address=no\">\n\
         <meta name=\"x-apple-disable-message-reformatting\">\n\
         <title>{}</title>\n<style>\n",
        escape(title_or_default(title))
    );
    let tail = format!("</style>\n</head>\n<body>\n{body}</body>\n</html>\n");
    (head, tail)
}

/// Free text: blocks at blank lines, each cut into groups of a kind.
fn free(lines: &[&str]) -> String {
    let text = lines.join("\n");
    let mut out = String::new();
    for block in blocks(&text) {
        for group in groups(&block) {
            out.push_str(&group.render());
        }
    }
    out
}

fn title_or_default(title: &str) -> &str {
    if title.trim().is_empty() {
        "Mail"
    } else {
        title
    }
}

/// Splits `text` at blank lines into its non-empty blocks of lines.
fn blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks = vec![Vec::new()];
    for line in lf_lines(text) {
        let line = line.trim_end();
        if line.is_empty() {
            blocks.push(Vec::new());
        } else if let Some(block) = blocks.last_mut() {
            block.push(line);
        }
    }
    blocks.retain(|b| !b.is_empty());
    blocks
}

/// What a line is, by its first characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pre,
    Quote,
    Item,
    Prose,
}

fn kind(line: &str) -> Kind {
    if line.starts_with("- ") {
        Kind::Item
    } else if line.starts_with('>') {
        Kind::Quote
    } else if line.starts_with([' ', '\t']) || is_board_row(line) {
        Kind::Pre
    } else {
        Kind::Prose
    }
}

/// Lines of one kind in a row.
struct Group<'a> {
    kind: Kind,
    lines: Vec<&'a str>,
}

/// Splits one block into runs of lines of the same kind; a line indented
/// by two spaces right under a list item belongs to that item.
fn groups<'a>(block: &[&'a str]) -> Vec<Group<'a>> {
    let mut groups: Vec<Group<'a>> = Vec::new();
    for &line in block {
        let mut k = kind(line);
        let last = groups.last_mut();
        if let Some(g) = last {
            if g.kind == Kind::Item && is_continuation(line) {
                k = Kind::Item;
            }
            if g.kind == k {
                g.lines.push(line);
                continue;
            }
        }
        groups.push(Group {
            kind: k,
            lines: vec![line],
        });
    }
    groups
}

fn is_continuation(line: &str) -> bool {
    line.starts_with("  ") && !line.starts_with("   ")
}

impl Group<'_> {
    fn render(&self) -> String {
        match self.kind {
            Kind::Pre => self.pre(),
            Kind::Quote => {
                let mut lines: Vec<&str> = self.lines.iter().map(|l| unquote(l)).collect();
                while lines.last().is_some_and(|l| l.trim().is_empty()) {
                    lines.pop();
                }
                let inner = lines_html(&lines, None);
                if inner.is_empty() {
                    return String::new();
                }
                format!("<blockquote><p>{inner}</p></blockquote>\n")
            }
            Kind::Item => {
                let items: String = items(&self.lines)
                    .iter()
                    .map(|item| format!("<li>{}</li>\n", lines_html(item, Some(WIDTH - 2))))
                    .collect();
                format!("<ul>\n{items}</ul>\n")
            }
            Kind::Prose => format!("<p>{}</p>\n", lines_html(&self.lines, Some(WIDTH))),
        }
    }

    /// Lines laid out by hand: a grid as a `<table>` (see `grid`: never
    /// a board), any other as a `<pre>`, a board's with its class.
    fn pre(&self) -> String {
        grid_table(&self.lines).unwrap_or_else(|| {
            let board = class(&self.lines);
            format!("<pre{board}>{}</pre>\n", escape(&self.lines.join("\n")))
        })
    }
}

/// A quoted line without its first `>` and the space after it.
fn unquote(line: &str) -> &str {
    let rest = line.strip_prefix('>').unwrap_or(line);
    rest.strip_prefix(' ').unwrap_or(rest)
}

/// The list items of an item group: each `- ` line with the lines that
/// continue it, without the marks.
fn items<'a>(lines: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut items: Vec<Vec<&'a str>> = Vec::new();
    for &line in lines {
        match line.strip_prefix("- ") {
            Some(first) => items.push(vec![first]),
            None => {
                if let Some(item) = items.last_mut() {
                    item.push(line.trim_start());
                }
            }
        }
    }
    items
}

/// Lines as HTML: with a `width`, a line [`wrap`] broke at that width is
/// joined to the next with a space; any other line end is a `<br>`.
fn lines_html(lines: &[&str], width: Option<usize>) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        out.push_str(&linked(line));
        if let Some(next) = lines.get(i + 1) {
            if width.is_some_and(|w| was_wrapped(line, next, w)) {
                out.push(' ');
            } else {
                out.push_str("<br>\n");
            }
        }
    }
    out
}

/// `line` escaped, each `http://` or `https://` address in it a link to
/// itself.
fn linked(line: &str) -> String {
    if !line.contains("http") {
        return escape(line);
    }
    let mut out = String::with_capacity(line.len() * 2);
    let mut rest = line;
    while let Some((before, url, after)) = next_url(rest) {
        let url = escape(url);
        out.push_str(&escape(before));
        out.push_str(&format!("<a href=\"{url}\">{url}</a>"));
        rest = after;
    }
    out.push_str(&escape(rest));
    out
}

/// The first web address in `text` that starts a word: the text before
/// it, the address (up to white space or an angle bracket or quote,
/// without the punctuation that ends a sentence after it), the text after.
fn next_url(text: &str) -> Option<(&str, &str, &str)> {
    let mut from = 0;
    loop {
        let at = from + text[from..].find("http")?;
        let tail = &text[at..];
        let scheme = ["https://", "http://"]
            .into_iter()
            .find(|s| tail.starts_with(s));
        let starts_word = !text[..at].ends_with(|c: char| c.is_alphanumeric());
        if let Some(scheme) = scheme.filter(|_| starts_word) {
            let end = tail
                .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"'))
                .unwrap_or(tail.len());
            let url = tail[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '\'']);
            if url.len() > scheme.len() {
                return Some((&text[..at], url, &text[at + url.len()..]));
            }
        }
        from = at + "http".len();
    }
}

/// True when `line` ends only because [`wrap`] had no room within `width`
/// for the first word of `next`.
fn was_wrapped(line: &str, next: &str, width: usize) -> bool {
    let first = next.split_whitespace().next().unwrap_or_default();
    line.chars().count() + 1 + first.chars().count() > width
}

#[cfg(test)]
#[path = "alternative_tests.rs"]
mod tests;
