//! HTML → plain text for HTML-only mail.
//!
//! Not a browser: tags are dropped, `<br>` and block tags (`<p>`, `<div>`,
//! `<li>`, …) end lines, `<hr>` becomes a line of underscores (Outlook's
//! plain-text separator), `<head>`, `<style>`, `<script>` and `<title>`
//! content is skipped and character entities are decoded.
//!
//! What a client quotes is prefixed with `>` so the command parser treats
//! it as quoted: the content of `<blockquote>` and of the elements whose
//! class or id marks a quote or its attribution ([`QUOTE_MARKS`]: Gmail's
//! `gmail_attr`, Thunderbird's `moz-cite-prefix`, Yahoo's `yahoo_quoted`,
//! …), and everything after an element that marks the start of the
//! original ([`ORIGINAL_MARKS`]: Outlook's `divRplyFwdMsg` and
//! `appendonsend`, …), which Outlook writes unquoted. Open elements are
//! kept on a stack so that a quote ends with its own closing tag. All
//! slicing goes through `get` at positions of ASCII bytes, so any input is
//! safe.

/// The line Outlook writes above the quoted message in plain text.
const RULE: &str = "________________________________";

/// The most `>` put before a line, however deep the quoting.
const MAX_QUOTE_MARKS: usize = 8;

/// Classes and ids (lower-case) of elements whose content is quoted.
const QUOTE_MARKS: &[&str] = &[
    "gmail_attr",
    "moz-cite-prefix",
    "yahoo_quoted",
    "protonmail_quote",
    "zmail_extra",
    "ms-outlook-mobile-reference-message",
];

/// Classes and ids (lower-case) of elements after which everything is
/// the original, quoted or not.
const ORIGINAL_MARKS: &[&str] = &[
    "divrplyfwdmsg",
    "appendonsend",
    "olk_src_body_section",
    "mail-editor-reference-message-container",
];

/// Elements that have no closing tag.
const VOID: &[&str] = &[
    "br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "embed", "param",
    "source", "track",
];

/// The most open elements kept; deeper ones are not tracked.
const MAX_OPEN: usize = 512;

/// Elements whose content is never shown.
const SKIPPED: &[&str] = &["head", "style", "script", "title"];

/// Elements that start and end a line.
const BLOCKS: &[&str] = &[
    "p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd",
    "section", "article", "header", "footer", "center", "address",
];

/// Returns the text of an HTML document, one output line per visual line.
pub(super) fn to_text(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = Writer::default();
    let mut pos = 0;
    while let Some(lt) = html.get(pos..).and_then(|r| r.find('<')).map(|i| pos + i) {
        out.text(html.get(pos..lt).unwrap_or_default());
        pos = markup(&lower, lt, &mut out);
    }
    out.text(html.get(pos..).unwrap_or_default());
    out.finish()
}

/// Handles the markup starting at `lt` (a `<`) and returns where text resumes.
fn markup(lower: &str, lt: usize, out: &mut Writer) -> usize {
    let rest = lower.get(lt..).unwrap_or_default();
    if rest.starts_with("<!--") {
        return after(lower, lt, "-->");
    }
    let next = rest.chars().nth(1).unwrap_or(' ');
    if !(next.is_ascii_alphabetic() || next == '/' || next == '!') {
        out.text("<");
        return lt + 1;
    }
    let end = after(lower, lt, ">");
    let (name, closing) = tag_name(rest);
    if !closing && SKIPPED.contains(&name.as_str()) {
        return after(lower, end, &format!("</{name}"));
    }
    out.tag(&name, closing);
    if !closing {
        let attributes = lower.get(lt..end).unwrap_or_default();
        out.open(&name, attributes);
    } else {
        out.close(&name);
    }
    end
}

/// Returns the position just past the first `pat` at or after `from`
/// (past the following `>` for a closing-tag pattern), or the end.
fn after(lower: &str, from: usize, pat: &str) -> usize {
    let Some(found) = lower.get(from..).and_then(|r| r.find(pat)) else {
        return lower.len();
    };
    let end = from + found + pat.len();
    if pat.ends_with('>') {
        return end;
    }
    lower
        .get(end..)
        .and_then(|r| r.find('>'))
        .map_or(lower.len(), |i| end + i + 1)
}

/// Returns the lower-case element name of a tag and whether it closes.
fn tag_name(tag: &str) -> (String, bool) {
    let body = tag.strip_prefix('<').unwrap_or(tag);
    let (closing, body) = match body.strip_prefix('/') {
        Some(b) => (true, b),
        None => (false, body),
    };
    let name = body
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    (name, closing)
}

/// Collects output lines with their blockquote depth.
#[derive(Default)]
struct Writer {
    lines: Vec<String>,
    current: String,
    current_depth: usize,
    /// Open elements: name and whether it quotes its content.
    open: Vec<(String, bool)>,
    /// Set once the original started: everything after it is quoted.
    original: bool,
    pre: usize,
}

impl Writer {
    fn text(&mut self, raw: &str) {
        let decoded = decode_entities(raw);
        if self.pre > 0 {
            for (i, segment) in decoded.split('\n').enumerate() {
                if i > 0 {
                    self.end_line(true);
                }
                self.push(segment.trim_end_matches('\r'), false);
            }
        } else {
            self.push(&collapse_whitespace(&decoded), true);
        }
    }

    /// Appends text to the current line; `collapse` drops leading spaces
    /// of a line and doubled spaces (everywhere but in `<pre>`).
    fn push(&mut self, s: &str, collapse: bool) {
        let s = if self.current.is_empty() {
            self.current_depth = self.depth();
            if collapse { s.trim_start() } else { s }
        } else if collapse && self.current.ends_with(' ') {
            s.strip_prefix(' ').unwrap_or(s)
        } else {
            s
        };
        self.current.push_str(s);
    }

    /// Ends the current line; an empty line is kept only after `<br>`
    /// (`blank`), and never two in a row.
    fn end_line(&mut self, blank: bool) {
        let line = self.current.trim_end();
        if !line.is_empty() {
            let prefix = ">".repeat(self.current_depth.min(MAX_QUOTE_MARKS));
            let sep = if prefix.is_empty() { "" } else { " " };
            self.lines.push(format!("{prefix}{sep}{line}"));
        } else if blank && self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
        self.current.clear();
    }

    fn newline(&mut self) {
        self.end_line(false);
    }

    fn tag(&mut self, name: &str, closing: bool) {
        match name {
            "br" => self.end_line(true),
            "hr" => {
                self.newline();
                self.push(RULE, true);
                self.newline();
            }
            "blockquote" => self.newline(),
            "pre" => {
                self.newline();
                self.pre = if closing {
                    self.pre.saturating_sub(1)
                } else {
                    self.pre + 1
                };
            }
            "td" | "th" if !closing => self.push(" ", true),
            _ if BLOCKS.contains(&name) => self.newline(),
            _ => {}
        }
    }

    /// Pushes an opened element; `tag` is its lower-case markup.
    fn open(&mut self, name: &str, tag: &str) {
        if name.is_empty() || VOID.contains(&name) || tag.ends_with("/>") {
            return;
        }
        let marked = |marks: &[&str]| marks.iter().any(|m| tag.contains(m));
        if marked(ORIGINAL_MARKS) && !self.original {
            self.newline();
            self.original = true;
        }
        let quotes = name == "blockquote" || marked(QUOTE_MARKS);
        if quotes {
            self.newline();
        }
        if self.open.len() < MAX_OPEN {
            self.open.push((name.to_string(), quotes));
        }
    }

    /// Pops up to the last open element called `name`, if any.
    fn close(&mut self, name: &str) {
        if let Some(at) = self.open.iter().rposition(|(n, _)| n == name) {
            if self.open[at..].iter().any(|(_, quotes)| *quotes) {
                self.newline();
            }
            self.open.truncate(at);
        }
    }

    /// How deep the text now written is quoted.
    fn depth(&self) -> usize {
        let quotes = self.open.iter().filter(|(_, quotes)| *quotes).count();
        quotes + usize::from(self.original)
    }

    fn finish(mut self) -> String {
        self.newline();
        while self.lines.last().is_some_and(String::is_empty) {
            self.lines.pop();
        }
        self.lines.join("\n")
    }
}

/// Returns `s` with every run of ASCII whitespace turned into one space
/// (non-breaking spaces are kept, as in HTML).
fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if !c.is_ascii_whitespace() {
            out.push(c);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out
}

/// Returns `s` with character references (`&amp;`, `&#228;`, `&#xE4;`) decoded;
/// unknown ones are left as written.
fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(rest.get(..amp).unwrap_or_default());
        let tail = rest.get(amp..).unwrap_or_default();
        match entity(tail) {
            Some((c, len)) => {
                out.push(c);
                rest = tail.get(len..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = tail.get(1..).unwrap_or_default();
            }
        }
    }
    out.push_str(rest);
    out
}

/// Reads the reference at the start of `s` (which starts with `&`) and
/// returns its character and byte length.
fn entity(s: &str) -> Option<(char, usize)> {
    let semi = s.char_indices().take(12).find(|(_, c)| *c == ';')?.0;
    let name = s.get(1..semi)?;
    let c = match name.strip_prefix('#') {
        Some(num) => numeric(num)?,
        None => named(name)?,
    };
    Some((c, semi + 1))
}

fn numeric(num: &str) -> Option<char> {
    let value = match num.strip_prefix(['x', 'X']) {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => num.parse::<u32>().ok()?,
    };
    Some(
        char::from_u32(value)
            .filter(|c| *c != '\0')
            .unwrap_or('\u{FFFD}'),
    )
}

fn named(name: &str) -> Option<char> {
    let c = match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "laquo" => '«',
        "raquo" => '»',
        "bull" => '•',
        "middot" => '·',
        "copy" => '©',
        "reg" => '®',
        "euro" => '€',
        "shy" => '\u{ad}',
        _ => return latin1(name),
    };
    Some(c)
}

fn latin1(name: &str) -> Option<char> {
    let c = match name {
        "auml" => 'ä',
        "ouml" => 'ö',
        "uuml" => 'ü',
        "Auml" => 'Ä',
        "Ouml" => 'Ö',
        "Uuml" => 'Ü',
        "szlig" => 'ß',
        "aacute" => 'á',
        "agrave" => 'à',
        "acirc" => 'â',
        "aring" => 'å',
        "aelig" => 'æ',
        "ccedil" => 'ç',
        "eacute" => 'é',
        "Eacute" => 'É',
        "egrave" => 'è',
        "ecirc" => 'ê',
        "iacute" => 'í',
        "ntilde" => 'ñ',
        "oacute" => 'ó',
        "oslash" => 'ø',
        "uacute" => 'ú',
        _ => return None,
    };
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::to_text;

    #[test]
    fn blocks_and_breaks_become_lines() {
        let html = "<html><head><style>p {x}</style></head><body><div>move game7 d4</div>\
                    <p>Nice&nbsp;game &amp; thanks<br>Bob</p></body></html>";
        assert_eq!(to_text(html), "move game7 d4\nNice\u{a0}game & thanks\nBob");
    }

    #[test]
    fn blockquotes_are_prefixed_and_hr_is_a_rule() {
        let html = "<div>pass 3</div><hr><blockquote>old <b>text</b>\
                    <blockquote>older</blockquote></blockquote>";
        assert_eq!(
            to_text(html),
            "pass 3\n________________________________\n> old text\n>> older"
        );
    }

    #[test]
    fn client_quote_markers_quote_their_content() {
        let gmail = "<div dir=\"ltr\">c5</div><div class=\"gmail_quote\">\
                     <div dir=\"ltr\" class=\"gmail_attr\">On Sat, Alice wrote:<br></div>\
                     <blockquote class=\"gmail_quote\"><div>old <div>older</div> tail</div>\
                     </blockquote><div>d4</div></div>";
        assert_eq!(
            to_text(gmail),
            "c5\n> On Sat, Alice wrote:\n> old\n> older\n> tail\nd4"
        );
        let thunderbird = "<p>pass</p><div class=\"moz-cite-prefix\">Alice wrote:</div>\
                           <blockquote type=\"cite\">x</blockquote><p>bye</p>";
        assert_eq!(to_text(thunderbird), "pass\n> Alice wrote:\n> x\nbye");
    }

    #[test]
    fn outlook_original_is_quoted_to_the_end() {
        let html = "<div>K10</div><div id=\"appendonsend\"></div><hr>\
                    <div id=\"divRplyFwdMsg\"><b>From:</b> pbmgo<br><b>Sent:</b> today</div>\
                    <div>move game5 c3</div></div></div><p>after</p>";
        assert_eq!(
            to_text(html),
            "K10\n> ________________________________\n> From: pbmgo\n> Sent: today\n\
             > move game5 c3\n> after"
        );
    }

    #[test]
    fn comments_entities_and_stray_brackets() {
        let html = "<!-- <p>hidden</p> -->a &lt; b &#228;&#xE4; &bogus; 3 < 4<";
        assert_eq!(to_text(html), "a < b ää &bogus; 3 < 4<");
    }

    #[test]
    fn unterminated_markup_does_not_panic() {
        for html in [
            "<div",
            "<script>x",
            "&#",
            "&#x110000;",
            "<!--",
            "é<é",
            "<pre>a\n  b",
        ] {
            let _ = to_text(html);
        }
        assert_eq!(to_text("<pre>a\n  b</pre>"), "a\n  b");
    }
}
