//! Property tests of the mail side, adding to the ones in
//! `tests/mail/commands.rs` (generated commands read back as a player writes
//! them; `parse_mail` and `parse_command` never panic on any text) and
//! `tests/mail/inbound.rs` (`inbound::parse` never panics on random bytes,
//! damaged fixtures or MIME soup):
//!
//! - mail to commands: a command put in the body of a generated MIME mail
//!   (random client headers, charsets, transfer encodings, multipart shapes,
//!   line ends, encoded Subjects) is found by `inbound::parse` then
//!   `parse_mail`, and so is a command in the Subject;
//! - random headers and parameters never panic `inbound::parse`, and what it
//!   returns keeps its promises (normalized sender, no controls in the
//!   Subject);
//! - the 20-command limit is exact: the first 20 command lines run, the next
//!   ones (up to 100) are listed as not processed, in order;
//! - whatever `parse_command` accepts reads back from its `Display` form.

use pbmgo::command::{
    Command, GameRef, MAX_COMMANDS, MAX_NOT_PROCESSED, parse_command, parse_mail,
};
use pbmgo::go::Point;
use pbmgo::mail::inbound;
use proptest::prelude::*;

// ---- encoders -------------------------------------------------------------------

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Base64 with a line break every 76 characters.
fn base64(data: &[u8], eol: &str) -> String {
    let mut out = String::new();
    for line in data.chunks(57) {
        for chunk in line.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                out.push(if i <= chunk.len() {
                    B64[(n >> (18 - 6 * i)) as usize & 63] as char
                } else {
                    '='
                });
            }
        }
        out.push_str(eol);
    }
    out
}

/// Quoted-printable of text whose lines end in `\n`; lines are written with
/// `eol` and soft-broken before 76 characters.
fn quoted_printable(data: &[u8], eol: &str) -> String {
    let mut out = String::new();
    for line in data.split(|&b| b == b'\n') {
        let mut width = 0;
        for (i, &b) in line.iter().enumerate() {
            let last = i + 1 == line.len();
            let plain = (b.is_ascii_graphic() && b != b'=') || (b == b' ' && !last);
            let piece = if plain {
                (b as char).to_string()
            } else {
                format!("={b:02X}")
            };
            if width + piece.len() > 75 {
                out.push('=');
                out.push_str(eol);
                width = 0;
            }
            width += piece.len();
            out.push_str(&piece);
        }
        out.push_str(eol);
    }
    out
}

// ---- generated mail ---------------------------------------------------------------

/// A character set as declared and how text is turned into its bytes.
#[derive(Debug, Clone, Copy)]
enum Charset {
    Utf8(&'static str),
    /// A single-byte set in which Latin-1 text keeps its code points.
    Latin1(&'static str),
    /// A set that shares only ASCII with Unicode.
    AsciiOnly(&'static str),
    Utf16Be,
    Utf16Le,
    /// An unknown name, an empty name or none: bytes are UTF-8.
    Unknown(Option<&'static str>),
}

impl Charset {
    fn param(self) -> String {
        let name = match self {
            Charset::Utf8(n) | Charset::Latin1(n) | Charset::AsciiOnly(n) => Some(n),
            Charset::Utf16Be => Some("utf-16be"),
            Charset::Utf16Le => Some("UTF-16LE"),
            Charset::Unknown(n) => n,
        };
        name.map_or(String::new(), |n| format!("; charset=\"{n}\""))
    }

    /// Whether `c` can be written in this set.
    fn holds(self, c: char) -> bool {
        match self {
            Charset::Latin1(_) => (c as u32) < 0x100,
            Charset::AsciiOnly(_) => c.is_ascii(),
            _ => true,
        }
    }

    fn encode(self, text: &str) -> Vec<u8> {
        match self {
            Charset::Latin1(_) => text.chars().map(|c| c as u32 as u8).collect(),
            Charset::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            Charset::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            _ => text.as_bytes().to_vec(),
        }
    }

    fn ascii_compatible(self) -> bool {
        !matches!(self, Charset::Utf16Be | Charset::Utf16Le)
    }
}

fn arb_charset() -> impl Strategy<Value = Charset> {
    prop_oneof![
        prop::sample::select(vec!["utf-8", "UTF-8", "utf8"]).prop_map(Charset::Utf8),
        prop::sample::select(vec!["iso-8859-1", "ISO-8859-15", "windows-1252", "latin1"])
            .prop_map(Charset::Latin1),
        prop::sample::select(vec!["us-ascii", "koi8-r", "windows-1251", "iso-8859-5"])
            .prop_map(Charset::AsciiOnly),
        Just(Charset::Utf16Be),
        Just(Charset::Utf16Le),
        prop::sample::select(vec![
            None,
            Some(""),
            Some("x-unknown-8bit"),
            Some("klingon")
        ])
        .prop_map(Charset::Unknown),
    ]
}

/// How a text part is transferred.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Transfer {
    None,
    SevenBit,
    EightBit,
    QuotedPrintable,
    Base64,
}

fn arb_transfer() -> impl Strategy<Value = Transfer> {
    prop::sample::select(vec![
        Transfer::None,
        Transfer::SevenBit,
        Transfer::EightBit,
        Transfer::QuotedPrintable,
        Transfer::Base64,
    ])
}

/// The MIME shape around the text.
#[derive(Debug, Clone, Copy)]
enum Shape {
    Plain,
    Html,
    Alternative,
    MixedWithAttachment,
    AlternativeInMixed,
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![
        Shape::Plain,
        Shape::Html,
        Shape::Alternative,
        Shape::MixedWithAttachment,
        Shape::AlternativeInMixed,
    ])
}

/// Comment words: none is a command keyword, a cut-off line, a quote or
/// shaped like a point (a letter and digits).
const WORDS: &[&str] = &[
    "hello",
    "thanks",
    "nice",
    "game",
    "Käse",
    "Grüße",
    "naïve",
    "señor",
    "日本語",
    "碁",
    "привет",
    "😀",
    "ok",
    "well",
    "played",
    "tomorrow",
    "(smile)",
    "ladder?",
    "50%",
    "x-y",
    "Zoë",
];

fn arb_comment_line() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop::sample::select(WORDS), 1..6)
}

fn arb_point() -> impl Strategy<Value = Point> {
    (0u8..25, 0u8..25).prop_map(|(col, row)| Point::new(col, row))
}

fn arb_command() -> impl Strategy<Value = Command> {
    let game = (1u64..100_000).prop_map(GameRef);
    let expected = prop::option::of(1u32..100_000);
    prop_oneof![
        Just(Command::Help),
        Just(Command::Games),
        "[a-z][a-z0-9_-]{1,15}".prop_map(|name| Command::Signup { name, rank: None }),
        game.clone().prop_map(|game| Command::Board { game }),
        game.clone().prop_map(|game| Command::Resign { game }),
        (game.clone(), expected.clone())
            .prop_map(|(game, expected)| Command::Pass { game, expected }),
        (game, arb_point(), expected).prop_map(|(game, point, expected)| Command::Move {
            game,
            point,
            expected
        }),
    ]
}

/// Client noise: header name and value, possibly folded or encoded.
fn arb_extra_header() -> impl Strategy<Value = String> {
    let names = prop::sample::select(vec![
        "X-Mailer",
        "User-Agent",
        "Received",
        "DKIM-Signature",
        "Thread-Topic",
        "Keywords",
        "Comments",
        "X-Spam-Status",
        "Importance",
        "Organization",
    ]);
    let value = "[ -~]{0,60}".prop_map(|v| v.replace(':', ";"));
    (names, value, 0u8..3).prop_map(|(name, value, style)| match style {
        0 => format!("{name}: {value}"),
        1 => format!("{name}: {value}\r\n\t{value}"),
        _ => format!(
            "{name}: =?utf-8?b?{}?=",
            base64(value.as_bytes(), "").trim_end()
        ),
    })
}

/// Everything one generated mail is made of.
#[derive(Debug, Clone)]
struct Spec {
    command: Command,
    subject_command: Option<Command>,
    thread: Option<u64>,
    before: Vec<Vec<&'static str>>,
    after: Vec<Vec<&'static str>>,
    indent: (u8, u8),
    charset: Charset,
    transfer: Transfer,
    shape: Shape,
    crlf: bool,
    upper_headers: bool,
    subject_encoding: u8,
    headers: Vec<String>,
    name: Vec<&'static str>,
}

fn arb_spec() -> impl Strategy<Value = Spec> {
    let text = (
        arb_command(),
        prop::option::of(arb_command()),
        prop::option::of(1u64..1000),
        prop::collection::vec(arb_comment_line(), 0..4),
        prop::collection::vec(arb_comment_line(), 0..4),
        (0u8..4, 0u8..3),
    );
    let mime = (
        arb_charset(),
        arb_transfer(),
        arb_shape(),
        any::<bool>(),
        any::<bool>(),
        0u8..3,
        prop::collection::vec(arb_extra_header(), 0..5),
        prop::collection::vec(prop::sample::select(WORDS), 0..3),
    );
    (text, mime).prop_map(|(text, mime)| Spec {
        command: text.0,
        subject_command: text.1,
        thread: text.2,
        before: text.3,
        after: text.4,
        indent: text.5,
        charset: mime.0,
        transfer: mime.1,
        shape: mime.2,
        crlf: mime.3,
        upper_headers: mime.4,
        subject_encoding: mime.5,
        headers: mime.6,
        name: mime.7,
    })
}

impl Spec {
    fn eol(&self) -> &'static str {
        if self.crlf { "\r\n" } else { "\n" }
    }

    /// A comment line in words this charset can hold.
    fn words(&self, line: &[&str]) -> String {
        let kept: Vec<&str> = line
            .iter()
            .copied()
            .filter(|w| w.chars().all(|c| self.charset.holds(c)))
            .collect();
        match kept.as_slice() {
            [] => "hello".to_string(),
            words => words.join(" "),
        }
    }

    /// The body lines (comment, the command, comment), `\n`-separated.
    fn plain_text(&self) -> String {
        let (spaces, trail) = self.indent;
        let pad = " ".repeat(usize::from(spaces));
        let nbsp = if self.charset.holds('\u{a0}') && trail == 1 {
            "\u{a0}"
        } else {
            ""
        };
        let mut lines: Vec<String> = self.before.iter().map(|l| self.words(l)).collect();
        lines.push(format!("{pad}{}{nbsp}", self.command));
        lines.extend(self.after.iter().map(|l| self.words(l)));
        lines.join("\n") + "\n"
    }

    fn html_text(&self) -> String {
        let lines: Vec<String> = self
            .plain_text()
            .lines()
            .map(|l| format!("<div>{}</div>", l.replace('\u{a0}', "&nbsp;")))
            .collect();
        format!(
            "<html><head><style>p {{ margin: 0 }}</style></head><body>{}</body></html>\n",
            lines.join("\n")
        )
    }

    /// One text part: its headers and its encoded body.
    fn part(&self, subtype: &str, text: &str) -> String {
        let bytes = self.charset.encode(text);
        let transfer = match (self.transfer, self.charset.ascii_compatible()) {
            (_, false) => Transfer::Base64,
            (Transfer::SevenBit, _) if !bytes.is_ascii() => Transfer::QuotedPrintable,
            (t, _) => t,
        };
        let eol = self.eol();
        let (cte, body) = match transfer {
            Transfer::Base64 => (Some("base64"), base64(&bytes, eol)),
            Transfer::QuotedPrintable => (Some("quoted-printable"), quoted_printable(&bytes, eol)),
            other => {
                let raw = String::from_utf8_lossy(&bytes).replace('\n', eol);
                // 8-bit bytes of a Latin-1 body cannot ride in a Rust String:
                // such bodies are sent quoted-printable instead.
                if matches!(self.charset, Charset::Latin1(_)) && !bytes.is_ascii() {
                    (Some("quoted-printable"), quoted_printable(&bytes, eol))
                } else {
                    let name = match other {
                        Transfer::SevenBit => Some("7bit"),
                        Transfer::EightBit => Some("8bit"),
                        _ => None,
                    };
                    (name, raw)
                }
            }
        };
        let mut head = format!(
            "{}: text/{subtype}{}{eol}",
            self.header_name("Content-Type"),
            self.charset.param()
        );
        if let Some(cte) = cte {
            let cte = if self.upper_headers {
                cte.to_uppercase()
            } else {
                cte.to_string()
            };
            head += &format!(
                "{}: {cte}{eol}",
                self.header_name("Content-Transfer-Encoding")
            );
        }
        format!("{head}{eol}{body}")
    }

    fn header_name(&self, name: &str) -> String {
        if self.upper_headers {
            name.to_uppercase()
        } else {
            name.to_string()
        }
    }

    fn subject(&self) -> String {
        let mut plain = String::new();
        if let Some(n) = self.thread {
            plain += &format!("Re: [game{n}] ");
        }
        match &self.subject_command {
            Some(c) => plain += &c.to_string(),
            None => plain += "Your move",
        }
        match self.subject_encoding {
            0 => plain,
            1 => format!("=?UTF-8?B?{}?=", base64(plain.as_bytes(), "").trim_end()),
            _ => {
                let q: String = plain
                    .bytes()
                    .map(|b| match b {
                        b' ' => "_".to_string(),
                        b if b.is_ascii_alphanumeric() => (b as char).to_string(),
                        b => format!("={b:02X}"),
                    })
                    .collect();
                format!("=?utf-8?q?{q}?=")
            }
        }
    }

    /// The whole mail, as raw bytes.
    fn render(&self) -> Vec<u8> {
        let eol = self.eol();
        let name: String = self.name.join(" ");
        let from = if name.is_empty() {
            "alice@example.org".to_string()
        } else {
            format!(
                "=?utf-8?b?{}?= <Alice@Example.ORG>",
                base64(name.as_bytes(), "").trim_end()
            )
        };
        let mut head = vec![
            "Return-Path: <alice@example.org>".to_string(),
            format!("{}: {from}", self.header_name("From")),
            "To: pbmgo <games@pbmgo.example>".to_string(),
            format!("{}: {}", self.header_name("Subject"), self.subject()),
            "Date: Sun, 22 Nov 2026 10:00:00 +0100".to_string(),
            "Message-ID: <prop@client.example>".to_string(),
            "MIME-Version: 1.0".to_string(),
        ];
        head.extend(self.headers.iter().map(|h| h.replace("\r\n", eol)));
        let plain = self.plain_text();
        let body = match self.shape {
            Shape::Plain => self.part("plain", &plain),
            Shape::Html => self.part("html", &self.html_text()),
            Shape::Alternative => self.alternative("alt"),
            Shape::MixedWithAttachment => self.mixed(&self.part("plain", &plain)),
            Shape::AlternativeInMixed => self.mixed(&self.alternative("inner")),
        };
        let mut out = head.join(eol);
        out += eol;
        out += &body;
        out.into_bytes()
    }

    fn alternative(&self, boundary: &str) -> String {
        let eol = self.eol();
        format!(
            "Content-Type: multipart/alternative; boundary=\"{boundary}\"{eol}{eol}\
             --{boundary}{eol}{}{eol}--{boundary}{eol}{}{eol}--{boundary}--{eol}",
            self.part("plain", &self.plain_text()),
            self.part("html", &self.html_text()),
        )
    }

    fn mixed(&self, first: &str) -> String {
        let eol = self.eol();
        format!(
            "Content-Type: multipart/mixed; boundary=\"mix=_1\"{eol}{eol}\
             This is a multi-part message in MIME format.{eol}\
             --mix=_1{eol}{first}{eol}--mix=_1{eol}\
             Content-Type: application/x-go-sgf; name=\"game.sgf\"{eol}\
             Content-Disposition: attachment; filename=\"game.sgf\"{eol}\
             Content-Transfer-Encoding: base64{eol}{eol}{}--mix=_1--{eol}",
            base64(b"(;GM[1]SZ[9];B[cc];W[gg])\nmove game1 a1\n", eol),
        )
    }
}

// ---- properties ---------------------------------------------------------------------

/// Lines of a body: commands and comment lines in a given order.
fn arb_lines() -> impl Strategy<Value = Vec<Result<Command, Vec<&'static str>>>> {
    let line = prop_oneof![
        3 => arb_command().prop_map(Ok),
        1 => arb_comment_line().prop_map(Err),
    ];
    prop::collection::vec(line, 0..160)
}

/// Words players write, some of them commands, points or move numbers.
const SOUP: &[&str] = &[
    "move",
    "MOVE",
    "play",
    "Play",
    "pass",
    "PASS",
    "board",
    "show",
    "resign",
    "signup",
    "help",
    "games",
    "game1",
    "Game42",
    "GAME7",
    "42",
    "0",
    "game",
    "game0",
    "c3",
    "C3",
    "t19",
    "z25",
    "a1",
    "i5",
    "j9",
    "a26",
    "#12",
    "#0",
    "#",
    "c3#4",
    "#4294967296",
    "ü",
    "İ",
    "ǅ",
    "ß",
    "ﬀ",
    "Ω",
    "\u{a0}",
    "\u{200b}",
    "\t",
    "x",
    "--",
    ">",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Mail to commands: the command in the body of a generated mail is
    /// found, and so is a different one in the Subject.
    #[test]
    fn a_command_in_generated_mime_is_found(spec in arb_spec()) {
        let raw = spec.render();
        let mail = inbound::parse(&raw).map_err(|e| {
            TestCaseError::fail(format!("{e}: {}", String::from_utf8_lossy(&raw)))
        })?;
        prop_assert_eq!(mail.from.as_deref(), Some("alice@example.org"));
        prop_assert_eq!(mail.message_id.as_deref(), Some("prop@client.example"));
        let parsed = parse_mail(&mail.subject, &mail.text);
        let found: Vec<&Command> = parsed
            .commands
            .iter()
            .filter_map(|c| c.parsed.as_ref().ok())
            .collect();
        prop_assert!(
            found.contains(&&spec.command),
            "{} not found in {:?}\nsubject {:?}\ntext {:?}\n{}",
            spec.command, parsed, mail.subject, mail.text, String::from_utf8_lossy(&raw)
        );
        if let Some(subject) = &spec.subject_command {
            prop_assert!(found.contains(&subject), "subject {} not found in {:?}", subject, parsed);
        }
        prop_assert!(parsed.commands.len() <= 2);
        prop_assert!(parsed.not_processed.is_empty());
    }

    /// Random client headers, parameters and bodies never panic the reader,
    /// and what it returns keeps its promises.
    #[test]
    fn random_headers_keep_inbound_promises(
        headers in prop::collection::vec(
            (
                prop::sample::select(vec![
                    "From", "from", "FROM", "Subject", "Content-Type", "Content-Transfer-Encoding",
                    "Message-ID", "In-Reply-To", "References", "Return-Path", "Auto-Submitted",
                    "Precedence", "List-Id", "To", "Cc", "Date", "X-\u{e4}", "",
                ]),
                "[ -~\t\u{80}-\u{10ffff}]{0,40}",
                prop::sample::select(vec!["", "\r\n ", "\r\n\t", "\n ", "\r", "\0"]),
                "(=\\?[a-zA-Z0-9-]{0,12}\\?[bBqQx]\\?[ -~]{0,20}\\?=)?",
            ),
            0..12,
        ),
        body in prop::collection::vec(any::<u8>(), 0..400),
        crlf in any::<bool>(),
    ) {
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut raw = Vec::new();
        for (name, value, fold, word) in &headers {
            raw.extend_from_slice(format!("{name}: {value}{fold}{word}{eol}").as_bytes());
        }
        raw.extend_from_slice(eol.as_bytes());
        raw.extend_from_slice(&body);
        if let Ok(mail) = inbound::parse(&raw) {
            if let Some(from) = &mail.from {
                prop_assert_eq!(from, &from.to_ascii_lowercase());
                prop_assert!(from.contains('@'));
                prop_assert!(!from.chars().any(|c| c.is_whitespace() || c.is_control()));
                prop_assert!(mail.from_count == 1);
            }
            prop_assert!(!mail.subject.chars().any(char::is_control), "{:?}", mail.subject);
            if let Some(name) = &mail.from_name {
                prop_assert!(!name.chars().any(char::is_control), "{:?}", name);
            }
            for id in mail.message_id.iter().chain(&mail.in_reply_to).chain(&mail.references) {
                prop_assert!(!id.is_empty() && !id.chars().any(char::is_control), "{:?}", id);
            }
            prop_assert_eq!(mail.size, raw.len());
            let parsed = parse_mail(&mail.subject, &mail.text);
            prop_assert!(parsed.commands.len() <= MAX_COMMANDS);
        }
    }

    /// The first 20 command lines run, the next ones up to 100 are listed as
    /// not processed, in mail order; comment lines between them change nothing.
    #[test]
    fn the_command_limit_is_exact(lines in arb_lines()) {
        let body: Vec<String> = lines
            .iter()
            .map(|l| match l {
                Ok(c) => c.to_string(),
                Err(words) => words.join(" "),
            })
            .collect();
        let commands: Vec<String> = lines
            .iter()
            .filter_map(|l| l.as_ref().ok().map(Command::to_string))
            .collect();
        let parsed = parse_mail("Hello", &body.join("\n"));
        let run: Vec<String> = parsed.commands.iter().map(|c| c.text.clone()).collect();
        let kept = commands.len().min(MAX_COMMANDS);
        prop_assert_eq!(&run[..], &commands[..kept]);
        let rest = commands.len() - kept;
        prop_assert_eq!(
            &parsed.not_processed[..],
            &commands[kept..kept + rest.min(MAX_NOT_PROCESSED)]
        );
        for (line, command) in parsed.commands.iter().zip(lines.iter().filter_map(|l| l.as_ref().ok())) {
            prop_assert_eq!(line.parsed.as_ref(), Ok(command));
        }
    }

    /// Whatever `parse_command` accepts is read back the same from its
    /// canonical form.
    #[test]
    fn accepted_commands_read_back_from_display(
        words in prop::collection::vec(prop::sample::select(SOUP), 1..5),
        any_text in any::<String>(),
        pick in any::<bool>(),
    ) {
        let line = if pick { words.join(" ") } else { any_text };
        if let Some(Ok(command)) = parse_command(&line) {
            let canonical = command.to_string();
            prop_assert_eq!(parse_command(&canonical), Some(Ok(command)), "{:?}", line);
        }
    }
}
