//! Where the player's own text ends for good (a signature, a mobile
//! footer) and the separators above an original: "-----Original
//! Message-----", "Begin forwarded message:", Outlook's line of
//! underscores and its `From:`/`Sent:`/`To:`/`Subject:` block, in the
//! languages clients write them.

/// Separator lines, lower-case, without the dashes around them.
const SEPARATORS: &[&str] = &[
    "original message",
    "forwarded message",
    "begin forwarded message",
    "ursprüngliche nachricht",
    "original-nachricht",
    "weitergeleitete nachricht",
    "anfang der weitergeleiteten nachricht",
    "message d'origine",
    "message original",
    "message transféré",
    "début du message réexpédié",
    "mensaje original",
    "mensaje reenviado",
    "messaggio originale",
    "messaggio inoltrato",
    "oorspronkelijk bericht",
    "doorgestuurd bericht",
    "mensagem original",
    "mensagem encaminhada",
    "元のメッセージ",
    "転送されたメッセージ",
    "原始邮件",
];

/// Labels of the From line in a client's header block, lower-case.
const FROM_LABELS: &[&str] = &[
    "from",
    "von",
    "de",
    "da",
    "van",
    "från",
    "fra",
    "od",
    "от",
    "差出人",
    "送信者",
    "发件人",
];

/// Labels of the other lines of a header block, lower-case.
const HEADER_LABELS: &[&str] = &[
    "sent",
    "date",
    "to",
    "cc",
    "bcc",
    "subject",
    "reply-to",
    "gesendet",
    "datum",
    "an",
    "betreff",
    "envoyé",
    "à",
    "objet",
    "enviado",
    "fecha",
    "para",
    "asunto",
    "inviato",
    "data",
    "a",
    "oggetto",
    "verzonden",
    "aan",
    "onderwerp",
    "enviada",
    "assunto",
    "skickat",
    "till",
    "ämne",
    "sendt",
    "til",
    "emne",
    "wysłano",
    "do",
    "temat",
    "送信日時",
    "日付",
    "宛先",
    "件名",
    "发送时间",
    "收件人",
    "主题",
];

/// Footers mobile and webmail clients add below the message.
const FOOTERS: &[&str] = &[
    "Sent from my ",
    "Sent from Outlook",
    "Sent from Mail for ",
    "Sent from Yahoo Mail",
    "Sent with Proton Mail",
    "Get Outlook for ",
    "Von meinem ",
    "Gesendet von meinem ",
    "Envoyé de mon ",
    "Enviado desde mi ",
    "Enviado do meu ",
    "Inviato da ",
    "Verzonden vanaf mijn ",
    "Verstuurd vanaf mijn ",
    "iPhoneから送信",
];

/// How far past a separator the header block may start.
const LOOKAHEAD: usize = 3;

/// The most lines a header block is read for.
const MAX_BLOCK: usize = 12;

/// The longest line read as a footer.
const FOOTER_CHARS: usize = 60;

/// True when line `i` ends the player's text: a signature (`-- ` or
/// `--`) or a mobile footer.
pub(super) fn is_end(lines: &[String], i: usize) -> bool {
    let l = line(lines, i);
    l == "--" || is_footer(lines, i)
}

/// True when line `i` is a mobile footer: a short line of a footer's
/// shape (`Sent from my iPhone`), no clause of prose after a comma,
/// standing alone (a blank line before it, or after it the end, a blank
/// line, a quoted line or the quoted mail's separator). "Sent from my desk, it is much
/// easier to type here." in a paragraph is a sentence.
fn is_footer(lines: &[String], i: usize) -> bool {
    let l = line(lines, i);
    let shape = FOOTERS.iter().any(|f| l.starts_with(f))
        && l.chars().count() <= FOOTER_CHARS
        && !l.contains(", ");
    let next = line(lines, i + 1);
    let after = i + 1 >= lines.len() || next.is_empty() || next.starts_with('>');
    let before = i == 0 || line(lines, i - 1).is_empty();
    shape && (before || after || separator(lines, i + 1).is_some())
}

/// Returns how many lines the separator starting at line `i` takes,
/// header block included: a separator line, a line of underscores above a
/// `From:` line, or a `From:` line followed by another header line.
pub(super) fn separator(lines: &[String], i: usize) -> Option<usize> {
    let l = line(lines, i);
    let rule = l.chars().count() >= 10 && l.chars().all(|c| c == '_');
    if rule {
        let from =
            (i + 1..lines.len().min(i + 1 + LOOKAHEAD)).find(|&j| !line(lines, j).is_empty())?;
        return is_from(line(lines, from)).then(|| from - i + block(lines, from));
    }
    if is_separator_line(l) {
        return Some(1 + block(lines, i + 1));
    }
    let next = (i + 1..lines.len()).find(|&j| !line(lines, j).is_empty())?;
    (is_from(l) && next == i + 1 && label(line(lines, next)).is_some_and(is_header_label))
        .then(|| block(lines, i))
}

/// Returns how many lines from `from` on are header lines or blank.
fn block(lines: &[String], from: usize) -> usize {
    let mut len = 0;
    for j in from..lines.len().min(from + MAX_BLOCK) {
        let l = line(lines, j);
        let header =
            label(l).is_some_and(|n| FROM_LABELS.contains(&n.as_str()) || is_header_label(n));
        if !(header || l.is_empty()) {
            break;
        }
        len += 1;
    }
    len
}

/// True for "-----Original Message-----" and the like.
fn is_separator_line(l: &str) -> bool {
    let core = l.trim_matches(|c: char| !c.is_alphanumeric());
    let decorated = core.len() < l.len();
    let core = core.to_lowercase();
    decorated && SEPARATORS.contains(&core.as_str())
}

/// True for a `From:` line of a header block.
fn is_from(l: &str) -> bool {
    label(l).is_some_and(|n| FROM_LABELS.contains(&n.as_str()))
}

fn is_header_label(name: String) -> bool {
    HEADER_LABELS.contains(&name.as_str())
}

/// Returns the lower-case label of a `Label: value` line (`*From:*` as
/// HTML bold leaves it, `Envoyé :`, full-width `件名：`).
fn label(l: &str) -> Option<String> {
    let colon = l.find([':', '：'])?;
    let name = l.get(..colon)?.trim().trim_matches('*').trim();
    let short =
        !name.is_empty() && name.chars().count() <= 20 && name.split_whitespace().count() <= 2;
    short.then(|| name.to_lowercase())
}

fn line(lines: &[String], i: usize) -> &str {
    lines.get(i).map_or("", String::as_str)
}
