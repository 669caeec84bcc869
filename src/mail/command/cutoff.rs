//! Where a body stops being the player's own words: signatures, quote
//! headers ("On … wrote:"), forwarded or original messages, Outlook's
//! header block and mobile footers. The rules are the table [`CUTOFFS`].

/// A rule: its name and whether the body is cut at line `i`.
type Cutoff = (&'static str, fn(&[String], usize) -> bool);

/// Every cut-off rule; the body ends at the first line any of them matches.
const CUTOFFS: &[Cutoff] = &[
    ("signature", is_signature),
    ("quote-header", is_quote_header),
    ("original-message", is_original_message),
    ("outlook-header", is_outlook_header),
    ("mobile-footer", is_mobile_footer),
];

/// Openings of a quote header: "On …", "Am …", "Le …" and friends.
const QUOTE_OPENERS: &[&str] = &["On ", "Am ", "Le ", "El ", "Il ", "Op ", "Den ", "W dniu "];

/// Words of a quote header's verb ("wrote:", "schrieb …:", "a écrit :").
const WROTE: &[&str] = &[
    "wrote",
    "schrieb",
    "a écrit",
    "escribió",
    "ha scritto",
    "schreef",
    "skrev",
    "napisał",
];

/// Separator lines of forwarded or original messages, lower-case.
const ORIGINAL: &[&str] = &[
    "original message",
    "forwarded message",
    "ursprüngliche nachricht",
    "weitergeleitete nachricht",
    "message d'origine",
];

/// Labels of the From line in a client's header block.
const FROM_LABELS: &[&str] = &["From:", "Von:", "De:", "De :", "Från:", "Van:"];

/// Labels that follow the From line in Outlook's header block.
const SENT_LABELS: &[&str] = &["Sent:", "Date:", "Gesendet:", "Envoyé :", "Skickat:"];

/// Footers mobile and webmail clients add below the message.
const FOOTERS: &[&str] = &[
    "Sent from my ",
    "Sent from Outlook",
    "Sent from Mail for ",
    "Sent from Yahoo Mail",
    "Get Outlook for ",
    "Von meinem ",
    "Envoyé de mon ",
    "Enviado desde mi ",
];

/// How far past a line of underscores Outlook's "From:" line may be.
const RULE_LOOKAHEAD: usize = 3;

/// Characters mail clients leave in text that are invisible.
const INVISIBLE: &[char] = &[
    '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}', // zero-width
    '\u{200e}', '\u{200f}', '\u{061c}', // direction marks
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', // embeddings, overrides
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', // isolates
];

/// Returns the lines a player wrote: trimmed, before the first cut-off,
/// without blank and quoted (`>`) lines.
pub(super) fn live_lines(body: &str) -> Vec<String> {
    let lines: Vec<String> = body.lines().map(clean).collect();
    let end = (0..lines.len())
        .find(|&i| CUTOFFS.iter().any(|(_, cut)| cut(&lines, i)))
        .unwrap_or(lines.len());
    lines
        .into_iter()
        .take(end)
        .filter(|l| !l.is_empty() && !l.starts_with('>'))
        .collect()
}

/// Returns `line` without invisible characters, non-breaking spaces made
/// plain, trimmed.
pub(super) fn clean(line: &str) -> String {
    let visible: String = line
        .chars()
        .filter(|c| !INVISIBLE.contains(c))
        .map(|c| if c == '\u{a0}' { ' ' } else { c })
        .collect();
    visible.trim().to_string()
}

fn line(lines: &[String], i: usize) -> &str {
    lines.get(i).map_or("", String::as_str)
}

/// Returns the first non-blank line of the few after line `i`.
fn next_nonblank(lines: &[String], i: usize) -> &str {
    lines
        .iter()
        .skip(i + 1)
        .take(RULE_LOOKAHEAD)
        .find(|l| !l.is_empty())
        .map_or("", String::as_str)
}

fn starts_with_any(s: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| {
        s.get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p))
    })
}

/// `-- ` (the standard separator) or `--`.
fn is_signature(lines: &[String], i: usize) -> bool {
    line(lines, i) == "--"
}

/// "On … wrote:", also split over two lines as Gmail does.
fn is_quote_header(lines: &[String], i: usize) -> bool {
    let first = line(lines, i);
    if !QUOTE_OPENERS.iter().any(|o| first.starts_with(o)) {
        return false;
    }
    let next = line(lines, i + 1);
    ends_with_wrote(first) || (next.ends_with(':') && ends_with_wrote(&format!("{first} {next}")))
}

fn ends_with_wrote(s: &str) -> bool {
    s.ends_with(':') && WROTE.iter().any(|w| s.contains(w))
}

/// "-----Original Message-----", "---------- Forwarded message ---------".
fn is_original_message(lines: &[String], i: usize) -> bool {
    let l = line(lines, i);
    l.starts_with("--") && {
        let lower = l.to_lowercase();
        ORIGINAL.iter().any(|o| lower.contains(o))
    }
}

/// Outlook: a line of underscores then "From: …", or "From: …" directly
/// followed by "Sent: …".
fn is_outlook_header(lines: &[String], i: usize) -> bool {
    let l = line(lines, i);
    let rule = l.len() >= 10 && l.bytes().all(|b| b == b'_');
    if rule {
        return starts_with_any(next_nonblank(lines, i), FROM_LABELS);
    }
    starts_with_any(l, FROM_LABELS) && starts_with_any(line(lines, i + 1), SENT_LABELS)
}

/// "Sent from my iPhone" and other client footers.
fn is_mobile_footer(lines: &[String], i: usize) -> bool {
    let l = line(lines, i);
    FOOTERS.iter().any(|f| l.starts_with(f))
}
