//! The hostile-mail corpus (`tests/hostile/`, described in its README.md)
//! through the real binary: every stored case and the big generated ones
//! are dropped into one inbox and handled by one `pbmgo poll`.
//!
//! Each mail must end processed (recorded with its outcome and reasons),
//! answered, or quarantined with its error; nothing panics; and every reply
//! pbmgo writes has exactly the expected header names, CRLF-only header
//! lines and no header made of player text. Bugs found with this corpus
//! had their own tests below.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pbmgo_home::{PbmgoHome, SERVER, mail};
use serde_json::Value;

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";

/// What must become of one case.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// Quarantined, its error containing this text.
    Held(&'static str),
    /// Recorded as ignored with exactly this reason.
    Ignored(&'static str),
    /// A player's command was read and run: applied, or refused by the game
    /// (occupied, not your turn...), from this sender.
    Found(&'static str),
    /// Recorded with at least these reason codes.
    Refused(&'static [&'static str]),
    /// A player's mail in which no command was read (answered with help).
    NoCommand,
    /// A player's `board game1` (or similar) answered without a change.
    Shown,
    /// A stranger asked to sign up.
    Stranger,
    /// A stranger's `help`, answered with the help and how to join.
    StrangerHelp,
    /// Any ending, as long as it is recorded (garbage, or a case whose
    /// right ending is pinned by an ignored bug test below).
    Recorded,
    /// Seen before (same Message-ID as an earlier case): no record.
    Duplicate,
    /// Not in the big batch: it has a test of its own.
    Alone,
}

use Expect::*;

/// Every stored case and what must become of it, in the order they are
/// dropped into the inbox (game1 is alice's as Black against bob).
const STORED: &[(&str, Expect)] = &[
    ("auto-submitted-no-mixed-case", Found(ALICE)),
    ("base64-with-garbage", Recorded),
    ("binary-garbage", Recorded),
    ("bob-move-behind-tricks", Found(BOB)),
    ("boundary-absent-from-body", Recorded),
    ("boundary-empty", Recorded),
    ("boundary-missing-parameter", Recorded),
    ("boundary-never-closes", Found(ALICE)),
    ("boundary-prefix-of-another", Found(ALICE)),
    ("boundary-reused-by-child", Found(ALICE)),
    ("charset-invalid-utf8", Found(ALICE)),
    ("charset-lying-utf16-is-ascii", Recorded),
    ("charset-lying-utf8-is-latin1", Found(ALICE)),
    ("charset-parameter-huge", Found(ALICE)),
    ("charset-shift-jis-unsupported", Found(ALICE)),
    ("charset-unknown", Found(ALICE)),
    ("charset-unknown-encoded-word", Found(ALICE)),
    ("charset-utf7-hidden-command", Found(ALICE)),
    ("command-only-in-attachment", NoCommand),
    ("content-transfer-encoding-unknown", NoCommand),
    ("content-type-garbage", Found(ALICE)),
    ("control-characters-everywhere", Found(ALICE)),
    (
        "date-and-numbers-absurd",
        Refused(&["no-such-game", "bad-point", "bad-argument"]),
    ),
    ("duplicate-message-id-a", Shown),
    // The same Message-ID from the same sender with other words: another
    // mail, read and run (issue 16: the key is the id with the sender and
    // what the mail says).
    ("duplicate-message-id-b", Found(ALICE)),
    // The first mail again through another relay: a copy, not run again.
    ("duplicate-message-id-relayed", Duplicate),
    ("empty", Held("the message is empty")),
    ("ew-command-in-subject", Found(ALICE)),
    ("ew-in-address", Ignored("no-sender")),
    ("ew-malformed", Found(ALICE)),
    ("ew-name-crlf-bcc", Found(ALICE)),
    ("ew-overlong-utf8-crlf", Shown),
    ("ew-split-across-words", Found(ALICE)),
    ("ew-subject-base64-headers-and-body", Shown),
    ("ew-subject-crlf-bcc", Shown),
    ("ew-unicode-line-separators", Shown),
    ("ew-utf16-surrogates", Shown),
    ("forwarded-rfc822-from-player", Stranger),
    ("from-crlf-comment", Found(ALICE)),
    ("from-display-name-spoof", Found(ALICE)),
    ("from-domain-double-dot", Recorded),
    ("from-domain-literal", Recorded),
    ("from-empty-group", Ignored("no-sender")),
    ("from-empty-value", Ignored("no-sender")),
    ("from-group-syntax", Ignored("no-sender")),
    ("from-missing-sender-present", Ignored("no-sender")),
    ("from-nested-brackets", Recorded),
    ("from-two-addresses", Ignored("no-sender")),
    ("from-two-headers", Ignored("no-sender")),
    ("header-lines-without-colon", Found(ALICE)),
    ("header-name-8bit", Found(ALICE)),
    ("html-entities-crlf", Found(ALICE)),
    ("html-hidden-command", NoCommand),
    ("html-unclosed-everything", Found(ALICE)),
    ("lf-only-and-mixed-line-ends", Recorded),
    ("message-id-folded-bcc", Shown),
    ("message-id-huge", Shown),
    ("nested-rfc822-parser-trip", Alone),
    ("no-headers-body-only", Held("no readable headers")),
    ("nul-in-body", Refused(&["no-such-game", "bad-point"])),
    ("nul-in-headers", Found(ALICE)),
    ("nul-in-message-id", Found(ALICE)),
    ("nul-only", Recorded),
    ("quoted-command-only", NoCommand),
    ("references-injection", Shown),
    ("references-with-angle-tricks", Shown),
    ("return-path-garbage", Found(ALICE)),
    ("rtl-mark-before-command", Recorded),
    ("rtl-override-point", Refused(&["bad-point"])),
    ("rtl-subject-and-name", Shown),
    ("shell-in-address", StrangerHelp),
    (
        "shell-in-command-words",
        Refused(&["no-such-game", "name-taken"]),
    ),
    ("shell-in-subject", Shown),
    ("signup-arabic-rtl", Refused(&["bad-name"])),
    ("signup-cjk", Refused(&["bad-name"])),
    ("signup-cyrillic", Refused(&["bad-name"])),
    ("signup-fullwidth", Refused(&["bad-name"])),
    ("signup-homoglyph", Refused(&["bad-name"])),
    ("signup-latin-ok-after-cyrillic", Refused(&["bad-name"])),
    ("sql-in-commands", Refused(&["bad-argument"])),
    ("sql-in-message-id", Shown),
    ("sql-signup-name", Refused(&["bad-name"])),
    ("stranger-mailer-daemon-spoof", Ignored("mailer-daemon")),
    ("stranger-move", Stranger),
    ("stranger-own-address-spoof", Ignored("own-address")),
    ("stranger-quoted-local-part", Ignored("no-sender")),
    ("stranger-unicode-address", StrangerHelp),
    ("subject-bare-cr", Shown),
    ("subject-bare-lf", Shown),
    ("truncated-base64", Found(ALICE)),
    ("truncated-in-boundary-line", Recorded),
    ("truncated-in-headers", Recorded),
    ("truncated-nested-multipart", Found(ALICE)),
    ("truncated-part-headers", Found(ALICE)),
    ("truncated-qp-escape", Found(ALICE)),
    ("whitespace-only", Held("the message is empty")),
    ("zero-width-in-keyword", Found(ALICE)),
];

/// Codes a game gives a command it read but refused; any other code means
/// the command was not read as written.
const GAME_CODES: &[&str] = &[
    "occupied",
    "not-your-turn",
    "suicide",
    "ko",
    "superko",
    "stale-move-number",
    "game-over",
];

/// The header names a reply may have, lower-case.
const ALLOWED_HEADERS: &[&str] = &[
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "auto-submitted",
    "x-pbmgo-rejected",
    "x-pbmgo-game",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
];

/// The header names every reply has exactly once.
const REQUIRED_HEADERS: &[&str] = &[
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "auto-submitted",
    "mime-version",
    "content-type",
];

/// Text the corpus plants in player-controlled fields, behind CR/LF,
/// encoded words, folding and Unicode line separators.
const MARKERS: &[&str] = &["x-injected", "victim@evil.example", "bcc:"];

/// The file a shell-looking case would create if anything ran it.
const PWNED: &str = "/tmp/pbmgo-hostile-pwned";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

fn stored(name: &str) -> Vec<u8> {
    let path = corpus_dir().join(format!("{name}.eml"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One case: its name, its bytes and what must become of it.
struct Case {
    name: String,
    raw: Vec<u8>,
    expect: Expect,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Base64 in lines of 76 characters, CRLF-terminated.
fn base64_lines(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() / 3 * 4 + data.len() / 57 * 2 + 8);
    for line in data.chunks(57) {
        for chunk in line.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(B64[(n >> (18 - 6 * i)) as usize & 63] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out.push_str("\r\n");
    }
    out
}

fn alice() -> String {
    format!("Alice Liddell <{ALICE}>")
}

/// Alice's plain mail with `subject` and `body` (LF made CRLF).
fn from_alice(subject: &str, body: &str) -> Vec<u8> {
    mail(&alice(), subject, body).bytes()
}

/// Alice's mail: From, To, Date, Message-ID and MIME-Version, then `head`
/// (the rest of the header block, each line CRLF-terminated), a blank line
/// and `body`, all written as given.
fn raw_from_alice(name: &str, head: &str, body: &str) -> Vec<u8> {
    format!(
        "Return-Path: <{ALICE}>\r\nFrom: {}\r\nTo: pbmgo <{SERVER}>\r\n\
         Date: Sun, 22 Nov 2026 10:00:00 +0000\r\nMessage-ID: <hostile.{name}@example.org>\r\n\
         MIME-Version: 1.0\r\n{head}\r\n{body}",
        alice()
    )
    .into_bytes()
}

/// A mail with a text part (`move game1 c3`) and a 5 MiB binary attachment.
fn five_megabyte_mail() -> Vec<u8> {
    let attachment: Vec<u8> = (0..5 * 1024 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let body = format!(
        "--big\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nmove game1 c3\r\nthe record is attached\r\n\
         --big\r\nContent-Type: application/octet-stream; name=game.bin\r\n\
         Content-Disposition: attachment; filename=game.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n\
         {}--big--\r\n",
        base64_lines(&attachment)
    );
    raw_from_alice(
        "five-megabytes",
        "Subject: my game record\r\nContent-Type: multipart/mixed; boundary=big\r\n",
        &body,
    )
}

/// `depth` message/rfc822 parts, each inside the previous one.
fn rfc822_nest(name: &str, depth: usize) -> Vec<u8> {
    let nest = "Content-Type: message/rfc822\r\n\r\n".repeat(depth - 1);
    raw_from_alice(
        name,
        "Subject: forwarded\r\nContent-Type: message/rfc822\r\n",
        &format!("{nest}\r\nmove game1 c3\r\n"),
    )
}

/// The big cases, made at test time so the repository stays small.
fn generated() -> Vec<Case> {
    let case = |name: &str, raw: Vec<u8>, expect| Case {
        name: name.to_string(),
        raw,
        expect,
    };
    let subject_100kb = "lorem ipsum dolor ".repeat(100 * 1024 / 18);
    let one_word_100kb = "x".repeat(100 * 1024);
    let encoded_100kb = "=?utf-8?q?a=0D=0ABcc=3A_victim=40evil=2Eexample=0D=0AX-Injected=3A_1?= "
        .repeat(100 * 1024 / 72);
    let folded_subject: String = (0..1000).map(|i| format!("\r\n w{i}")).collect();
    let blank_folds = "\r\n ".repeat(1000);
    let references: String = (0..1000)
        .map(|i| format!("\r\n <ref{i}.hostile@example.org>"))
        .collect();
    let to: String = (0..1000)
        .map(|i| format!("\r\n p{i}@example.org,"))
        .collect();
    let headers: String = (0..10_000)
        .map(|i| format!("X-Filler-{i}: {i}\r\n"))
        .collect();
    let parts: String = (0..5000)
        .map(|i| format!("--p\r\nContent-Type: text/x-filler\r\n\r\n{i}\r\n"))
        .collect();
    let mime_nest: String = (0..1000)
        .map(|i| {
            format!(
                "--n{i}\r\nContent-Type: multipart/mixed; boundary=n{}\r\n\r\n",
                i + 1
            )
        })
        .collect();
    let mime_close: String = (0..1000).rev().map(|i| format!("--n{i}--\r\n")).collect();
    vec![
        case(
            "big-attachment-5mb",
            five_megabyte_mail(),
            Held("over the limit"),
        ),
        case(
            "fifty-thousand-command-lines",
            from_alice("Hello", &"move game1 c3\n".repeat(50_000)),
            Refused(&["too-many-commands"]),
        ),
        case(
            "fifty-thousand-lines-then-command",
            from_alice(
                "Hello",
                &format!("{}move game1 c3\n", "la la la\n".repeat(50_000)),
            ),
            Found(ALICE),
        ),
        case(
            "subject-100kb",
            from_alice(&subject_100kb, "board game1"),
            Shown,
        ),
        case(
            "subject-100kb-one-word",
            from_alice(&one_word_100kb, "board game1"),
            Shown,
        ),
        case(
            "subject-100kb-encoded-words",
            from_alice(&encoded_100kb, "board game1"),
            Shown,
        ),
        case(
            "subject-folded-1000-times",
            from_alice(&format!("Re: [game1]{folded_subject}"), "board game1"),
            Shown,
        ),
        case(
            "header-folded-1000-blank-lines",
            [
                format!("X-Blank:{blank_folds}x\r\n").into_bytes(),
                from_alice("Hello", "move game1 c3"),
            ]
            .concat(),
            Found(ALICE),
        ),
        case(
            "references-folded-1000-times",
            raw_from_alice(
                "references-folded",
                &format!("Subject: Re: [game1] Your move\r\nReferences:{references}\r\n"),
                "board game1\r\n",
            ),
            Shown,
        ),
        case(
            "to-folded-1000-times",
            format!(
                "From: {}\r\nTo:{to} pbmgo <{SERVER}>\r\nSubject: Hello\r\n\
                 Message-ID: <hostile.to-folded@example.org>\r\n\r\nmove game1 c3\r\n",
                alice()
            )
            .into_bytes(),
            Found(ALICE),
        ),
        case(
            "ten-thousand-headers",
            raw_from_alice(
                "ten-thousand-headers",
                &format!("Subject: Hello\r\n{headers}"),
                "move game1 c3\r\n",
            ),
            Found(ALICE),
        ),
        case(
            "five-thousand-parts",
            raw_from_alice(
                "five-thousand-parts",
                "Subject: Hello\r\nContent-Type: multipart/mixed; boundary=p\r\n",
                &format!(
                    "--p\r\nContent-Type: text/plain\r\n\r\nmove game1 c3\r\n{parts}--p--\r\n"
                ),
            ),
            Found(ALICE),
        ),
        case(
            "long-line-900kb",
            from_alice("Hello", &format!("move game1 c3\n{}", "x".repeat(900_000))),
            Found(ALICE),
        ),
        case(
            "html-20000-nested-blockquotes",
            raw_from_alice(
                "html-nested",
                "Subject: Hello\r\nContent-Type: text/html; charset=utf-8\r\n",
                &format!(
                    "<div>move game1 c3</div>{}deep",
                    "<blockquote>".repeat(20_000)
                ),
            ),
            Found(ALICE),
        ),
        case(
            "multipart-nesting-1000",
            raw_from_alice(
                "multipart-nesting",
                "Subject: Hello\r\nContent-Type: multipart/mixed; boundary=n0\r\n",
                &format!(
                    "{mime_nest}--n1000\r\nContent-Type: text/plain\r\n\r\nmove game1 c3\r\n--n1000--\r\n{mime_close}"
                ),
            ),
            Found(ALICE),
        ),
        case(
            "rfc822-nesting-1000",
            rfc822_nest("rfc822-nesting-1000", 1000),
            Recorded,
        ),
    ]
}

/// Every case of the big batch: the stored ones, then the generated ones.
fn all_cases() -> Vec<Case> {
    STORED
        .iter()
        .map(|&(name, expect)| Case {
            name: name.to_string(),
            raw: stored(name),
            expect,
        })
        .chain(generated())
        .collect()
}

/// A home with alice (Black) and bob (White) in the 9x9 game1, and reply
/// caps high enough that every handled mail is answered.
fn home() -> PbmgoHome {
    home_with("")
}

fn home_with(limits: &str) -> PbmgoHome {
    let h = PbmgoHome::with_config(&format!(
        "[limits]\nmax_replies_per_hour = 100000\nunknown_sender_replies_per_day = 100000\n{limits}"
    ));
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

/// What became of one dropped file.
#[derive(Debug)]
enum Ending {
    Message(Value),
    Held(Value),
    Nothing,
}

fn ending(file: &str, messages: &[Value], held: &[Value]) -> Result<Ending, String> {
    let m: Vec<&Value> = messages.iter().filter(|m| m["source"] == file).collect();
    let q: Vec<&Value> = held.iter().filter(|q| q["file"] == file).collect();
    match (m.as_slice(), q.as_slice()) {
        ([one], []) => Ok(Ending::Message((*one).clone())),
        ([], [one]) => Ok(Ending::Held((*one).clone())),
        ([], []) => Ok(Ending::Nothing),
        _ => Err(format!(
            "{} message records and {} quarantine entries",
            m.len(),
            q.len()
        )),
    }
}

fn reasons(m: &Value) -> Vec<&str> {
    m["reasons"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Checks one ending against what was expected.
fn check(expect: Expect, end: &Ending) -> Result<(), String> {
    let (m, outcome) = match end {
        Ending::Message(m) => (Some(m), m["outcome"].as_str().unwrap_or("")),
        _ => (None, ""),
    };
    let codes = m.map(reasons).unwrap_or_default();
    let detail = m.and_then(|m| m["detail"].as_str()).unwrap_or("");
    let sender = m.and_then(|m| m["sender"].as_str()).unwrap_or("");
    let ok = match (expect, end) {
        (Held(text), Ending::Held(q)) => q["error"].as_str().unwrap_or("").contains(text),
        (Ignored(code), Ending::Message(_)) => outcome == "ignored" && codes == [code],
        (Found(from), Ending::Message(_)) => {
            matches!(outcome, "applied" | "rejected")
                && sender == from
                && codes.iter().all(|c| GAME_CODES.contains(c))
        }
        (Refused(want), Ending::Message(_)) => {
            matches!(outcome, "applied" | "rejected") && want.iter().all(|c| codes.contains(c))
        }
        (NoCommand, Ending::Message(_)) => {
            outcome == "answered" && codes.is_empty() && detail.starts_with("0 command(s)")
        }
        (Shown, Ending::Message(_)) => {
            outcome == "answered" && codes.is_empty() && detail.contains(" 1 ok, 0 rejected")
        }
        (Stranger, Ending::Message(_)) => outcome == "answered" && codes == ["unknown-sender"],
        (StrangerHelp, Ending::Message(_)) => {
            outcome == "answered" && codes.is_empty() && detail.contains(" 1 ok, 0 rejected")
        }
        (Recorded, Ending::Message(_) | Ending::Held(_)) => true,
        (Duplicate, Ending::Nothing) => true,
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("expected {expect:?}, got {end:?}"))
    }
}

/// Checks one reply's raw bytes: CRLF-only header lines, only the allowed
/// header names, no planted marker outside the Subject, a one-line Subject
/// of at most 200 characters, at most 20 References.
fn check_reply(raw: &[u8]) -> Result<(), String> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no end of headers")?;
    let head = &raw[..end + 2];
    for (i, &b) in head.iter().enumerate() {
        let crlf = match b {
            b'\r' => head.get(i + 1) == Some(&b'\n'),
            b'\n' => i > 0 && head[i - 1] == b'\r',
            b'\t' => true,
            _ if b.is_ascii_control() => return Err(format!("control byte {b:#04x} in headers")),
            _ => true,
        };
        if !crlf {
            return Err(format!("bare CR or LF at byte {i} of the headers"));
        }
    }
    let head = std::str::from_utf8(head).map_err(|_| "8-bit bytes in the headers")?;
    let mut current = String::new();
    for line in head.split_terminator("\r\n") {
        let value = match line.strip_prefix([' ', '\t']) {
            Some(folded) => folded,
            None => {
                let (name, value) = line
                    .split_once(':')
                    .ok_or_else(|| format!("header line without a colon: {line:?}"))?;
                current = name.to_ascii_lowercase();
                if !ALLOWED_HEADERS.contains(&current.as_str()) {
                    return Err(format!("unexpected header line {line:?}"));
                }
                value
            }
        };
        // The Subject echoes the player's subject by design, on one line.
        let lower = value.to_ascii_lowercase();
        if let Some(m) = MARKERS.iter().find(|m| lower.contains(*m))
            && current != "subject"
        {
            return Err(format!("marker {m:?} in header {line:?}"));
        }
    }
    let parsed = mail_parser::MessageParser::default()
        .parse(raw)
        .ok_or("the reply does not parse")?;
    let names: Vec<String> = parsed
        .headers()
        .iter()
        .map(|h| h.name().to_ascii_lowercase())
        .collect();
    if let Some(n) = names
        .iter()
        .find(|n| !ALLOWED_HEADERS.contains(&n.as_str()))
    {
        return Err(format!("mail-parser sees header {n:?}"));
    }
    for required in REQUIRED_HEADERS {
        if names.iter().filter(|n| n.as_str() == *required).count() != 1 {
            return Err(format!("not exactly one {required} header"));
        }
    }
    let from = parsed
        .from()
        .and_then(|f| f.first())
        .and_then(|a| a.address());
    if from != Some(SERVER) {
        return Err(format!("From is {from:?}"));
    }
    let decoded = parsed.subject().unwrap_or("");
    if decoded.chars().any(char::is_control) || decoded.chars().count() > 200 {
        return Err(format!(
            "Subject {decoded:?} holds a control or is too long"
        ));
    }
    let refs = parsed.references().as_text_list().map_or(0, |l| l.len());
    if refs > 20 {
        return Err(format!("{refs} References"));
    }
    Ok(())
}

/// Checks every `.eml` in the outbox folder; returns how many there were.
fn check_outbox(h: &PbmgoHome) -> usize {
    let mut failures = Vec::new();
    let files = h.files("outbox");
    for name in &files {
        let raw = std::fs::read(h.path().join("outbox").join(name)).unwrap();
        if let Err(e) = check_reply(&raw) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "bad replies:\n{}", failures.join("\n"));
    files.len()
}

#[test]
fn every_hostile_mail_ends_recorded_and_no_reply_carries_player_headers() {
    let _ = std::fs::remove_file(PWNED);
    let h = home();
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| !matches!(c.expect, Alone))
        .collect();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let names: Vec<String> = cases.iter().map(|c| h.drop_mail(&c.raw)).collect();

    let summary = h.poll();
    let processed = format!("processed {},", cases.len());
    assert!(summary.starts_with(&processed), "{summary}");

    // Every file was taken: seen in inbox/cur or held in quarantine/new.
    assert!(
        h.files("inbox/new").is_empty(),
        "{:?}",
        h.files("inbox/new")
    );
    let cur = h.files("inbox/cur");
    let held_files = h.files("quarantine/new");
    assert_eq!(cur.len() + held_files.len(), cases.len());
    assert!(cur.iter().all(|f| f.ends_with(":2,S")), "{cur:?}");

    // Every file has exactly one record, or is a duplicate; each as expected.
    let messages = h.messages();
    let held = h.quarantined();
    let mut duplicates = 0;
    let mut failures = Vec::new();
    for (case, file) in cases.iter().zip(&names) {
        let result = ending(file, &messages, &held).and_then(|end| {
            duplicates += usize::from(matches!(end, Ending::Nothing));
            check(case.expect, &end)
        });
        if let Err(e) = result {
            failures.push(format!("{}: {e}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(messages.len() + held.len() + duplicates, cases.len());
    assert_eq!(held.len(), held_files.len());
    for q in &held {
        assert!(!q["error"].as_str().unwrap_or("").is_empty(), "{q}");
    }
    for m in &messages {
        assert!(!m["detail"].as_str().unwrap_or("").is_empty(), "{m}");
    }

    // With the caps raised, every mail that was not ignored got one answer.
    let answered = messages
        .iter()
        .filter(|m| m["outcome"] != "ignored")
        .count();
    let answers = h
        .outbox_rows()
        .iter()
        .filter(|r| r["kind"] == "reply" || r["kind"] == "unknown-sender")
        .count();
    assert_eq!(answers, answered);

    // No reply carries a header made of player text.
    let replies = check_outbox(&h);
    assert_eq!(replies, h.outbox_rows().len());

    // The SQL-looking and shell-looking strings did nothing.
    assert_eq!(h.count("players"), 2);
    assert_eq!(h.count("games"), 1);
    assert!(!Path::new(PWNED).exists(), "a shell ran player text");
}

#[test]
fn the_reply_check_catches_injected_headers() {
    let good = "From: pbmgo <games@pbmgo.example>\r\nTo: alice@example.org\r\n\
                Subject: [game1] Re: hi Bcc: victim@evil.example\r\n\
                Date: Sun, 22 Nov 2026 12:00:00 +0000\r\nMessage-ID: <1.a@pbmgo.example>\r\n\
                Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
                Content-Type: text/plain; charset=utf-8\r\n\r\nbody\r\n";
    assert_eq!(check_reply(good.as_bytes()), Ok(()));
    let bad = [
        (
            "To: alice@example.org\r\n",
            "To: alice@example.org\r\nBcc: victim@evil.example\r\n",
        ),
        (
            "Subject: [game1] Re: hi",
            "Subject: [game1] Re: hi\r\nX-Injected: yes",
        ),
        ("Subject: [game1] Re: hi", "Subject: [game1] Re: hi\nX"),
        ("Subject: [game1] Re: hi", "Subject: [game1] Re: hi\r"),
        ("Subject: [game1] Re: hi", "Subject: [game1] Re: \0hi"),
        (
            "Auto-Submitted",
            "References: <a@b>\r\n <victim@evil.example>\r\nAuto-Submitted",
        ),
        ("MIME-Version: 1.0\r\n", ""),
        ("Subject: [game1] Re: hi", "Subject: \u{1b}hi"),
        (
            "From: pbmgo <games@pbmgo.example>",
            "From: pbmgo <games@pbmgo.example>\r\nFrom: a@b",
        ),
    ];
    for (from, to) in bad {
        let raw = good.replacen(from, to, 1);
        assert!(check_reply(raw.as_bytes()).is_err(), "{raw:?}");
    }
    let long = good.replace("Re: hi", &"x ".repeat(150));
    assert!(
        check_reply(long.as_bytes()).is_err(),
        "a 300-character Subject"
    );
}

#[test]
fn the_corpus_is_documented_and_every_file_has_an_expectation() {
    let readme = std::fs::read_to_string(corpus_dir().join("README.md")).unwrap();
    let on_disk: BTreeSet<String> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|n| n.strip_suffix(".eml").map(str::to_string))
        .collect();
    let listed: BTreeSet<String> = STORED.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(on_disk, listed, "tests/hostile/*.eml and STORED differ");
    let generated: Vec<String> = generated().into_iter().map(|c| c.name).collect();
    for name in listed.iter().chain(&generated) {
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not in the README"
        );
    }
    assert!(readme.contains("`rfc822-nesting-32000`"));
    assert!(listed.len() + generated.len() >= 60);
    assert!(
        listed.len() > generated.len(),
        "most cases are stored files"
    );
}

#[test]
fn a_five_megabyte_mail_is_quarantined_unanswered() {
    let h = home();
    let raw = five_megabyte_mail();
    assert!(raw.len() > 5 * 1024 * 1024);
    h.drop_mail(&raw);
    let out = h.deliver(&raw);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let summary = h.poll();
    assert!(summary.contains("quarantined 1"), "{summary}");
    let held = h.quarantined();
    assert_eq!(held.len(), 2, "{held:?}");
    for q in &held {
        let error = q["error"].as_str().unwrap();
        assert!(error.contains("is over the limit of 1048576"), "{error}");
    }
    assert!(h.messages().is_empty());
    assert!(h.outbox_rows().is_empty());
    assert_eq!(h.files("quarantine/new").len(), 2);
}

#[test]
fn a_five_megabyte_mail_is_read_when_the_limit_allows_it() {
    let h = home_with("max_message_bytes = 16777216\n");
    h.drop_mail(&five_megabyte_mail());
    let summary = h.poll();
    assert!(summary.starts_with("processed 1, applied 1,"), "{summary}");
    h.assert_moves("game1", 1, &[("black", "C3")]);
    assert_eq!(check_outbox(&h), 2, "transcript and your-move");
}

#[test]
fn hostile_mail_piped_through_deliver_is_always_taken() {
    let h = home();
    let names = [
        "empty",
        "nul-only",
        "binary-garbage",
        "no-headers-body-only",
        "ew-subject-crlf-bcc",
        "from-two-headers",
        "sql-signup-name",
        "truncated-in-headers",
        "boundary-never-closes",
        "shell-in-address",
    ];
    for name in names {
        let out = h.deliver(&stored(name));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
    assert_eq!(
        h.messages().len() + h.quarantined().len(),
        names.len(),
        "every piped mail is recorded"
    );
    check_outbox(&h);
}

#[test]
fn mail_that_trips_mail_parser_is_quarantined_with_its_reason() {
    let h = home();
    h.drop_mail(&stored("nested-rfc822-parser-trip"));
    h.drop_mail(&from_alice("Hello", "move game1 c3"));
    let out = h.cmd(&["poll"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let held = h.quarantined();
    let messages = h.messages();
    assert_eq!(held.len() + messages.len(), 2, "{held:?} {messages:?}");
    // Debug builds hit a debug_assert! in mail-parser 0.11.9 (caught and
    // quarantined); release builds read the message.
    if let [q] = held.as_slice() {
        assert!(q["error"].as_str().unwrap().contains("mail parser failed"));
    }
    h.assert_moves("game1", 1, &[("black", "C3")]);
}

// ---- bugs found with the corpus ------------------------------------------------

#[test]
fn deeply_nested_rfc822_mail_does_not_abort_poll() {
    let h = home();
    let raw = rfc822_nest("rfc822-nesting-32000", 32_000);
    assert!(raw.len() <= 1_048_576, "under the default limit");
    h.drop_mail(&from_alice("Hello", "move game1 c3"));
    h.drop_mail(&raw);
    let out = h.cmd(&["poll"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(h.messages().len() + h.quarantined().len(), 2);
    assert!(h.files("inbox/new").is_empty());
}

#[test]
fn odd_sender_addresses_are_not_database_errors() {
    let h = home();
    for name in [
        "from-domain-double-dot",
        "from-domain-literal",
        "from-nested-brackets",
    ] {
        h.drop_mail(&stored(name));
    }
    h.poll();
    let held = h.quarantined();
    assert!(held.is_empty(), "{held:#?}");
    assert_eq!(h.messages().len(), 3);
}

#[test]
fn a_right_to_left_mark_before_a_command_is_ignored() {
    let h = home();
    h.drop_mail(&stored("rtl-mark-before-command"));
    h.poll();
    h.assert_moves("game1", 1, &[("black", "C3")]);
}

#[test]
fn a_text_part_cut_before_its_boundary_is_still_read() {
    let h = home();
    h.drop_mail(&stored("truncated-in-boundary-line"));
    h.poll();
    h.assert_moves("game1", 1, &[("black", "C3")]);
}

#[test]
fn a_caught_mail_parser_panic_prints_nothing() {
    let h = home();
    h.drop_mail(&stored("nested-rfc822-parser-trip"));
    let out = h.cmd(&["poll"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
