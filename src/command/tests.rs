//! Unit tests for the helpers; the language itself is tested from the
//! outside in `tests/mail/commands.rs`.

use super::own::OwnWords;
use super::quote::live_lines;
use super::*;

fn body(lines: &[&str]) -> Vec<String> {
    live_lines(&lines.join("\n"), &OwnWords::new())
}

#[test]
fn live_lines_skip_blank_quoted_and_invisible() {
    let got = body(&[
        "",
        "  move 1 c3\u{a0}",
        "\u{200b}",
        " > quoted",
        "\u{feff}hi\u{a0}there",
    ]);
    assert_eq!(got, ["move 1 c3", "hi there"]);
}

fn read(subject: &str, body: &str) -> Vec<Result<Command, &'static str>> {
    parse_mail(subject, body)
        .commands
        .into_iter()
        .map(|c| c.parsed.map_err(|e| e.code()))
        .collect()
}

#[test]
fn signatures_cut_the_body() {
    for sep in ["-- ", "--", "  --  "] {
        let body = format!("move game1 c1\n{sep}\nmove game1 d1\nBob");
        let parsed = parse_mail("", &body);
        assert_eq!(parsed.commands.len(), 1, "{sep:?}");
        assert!(parsed.comment.is_empty(), "{sep:?}");
    }
    assert_eq!(read("", "move game1 c1\n--- \nmove game1 d1").len(), 2);
}

#[test]
fn quote_headers_cut_the_body() {
    let headers = [
        "On Sun, Nov 22, 2026 at 10:00 AM Bob <bob@example.net> wrote:",
        "On Sun, Nov 22, 2026 at 10:00 AM Bob <bob@example.net>\nwrote:",
        "On Sun, Nov 22, 2026 at 10:00 AM Bob Hatter <\nbob@example.net> wrote:",
        "On 22/11/2026 10:00, pbmgo wrote:",
        "Am 22.11.2026 um 10:00 schrieb Bob <bob@example.net>:",
        "Am So., 22. Nov. 2026 um 10:00 Uhr schrieb Bob <\nbob@example.net>:",
        "Le dim. 22 nov. 2026 à 10:00, Bob <bob@example.net> a écrit :",
        "-----Original Message-----",
        "----- Original Message -----",
        "---------- Forwarded message ---------",
        "________________________________\nFrom: pbmgo <games@pbmgo.example>",
        "________________________________\n\nVon: pbmgo <games@pbmgo.example>",
        "From: pbmgo <games@pbmgo.example>\nSent: Sunday, November 22, 2026 10:00 AM",
        "Sent from my iPhone",
        "Sent from my Galaxy",
        "Get Outlook for Android<https://aka.ms/AAb9ysg>",
        "Von meinem iPhone gesendet",
    ];
    for header in headers {
        let body = format!("move game1 c1\nthanks\n\n{header}\n\nmove game1 d1\nold text\n");
        let parsed = parse_mail("", &body);
        assert_eq!(parsed.commands.len(), 1, "{header:?}");
        assert_eq!(parsed.comment, ["thanks"], "{header:?}");
    }
}

#[test]
fn a_sentence_that_starts_like_a_footer_is_kept() {
    let body = "move game1 c1\nSent from my desk, it is much easier to type here.\n\
                move game1 d1\n";
    let parsed = parse_mail("", body);
    assert_eq!(parsed.commands.len(), 2);
    let body = "I resign? No.\nSent from my desk, it is much easier to type here.\n";
    let parsed = parse_mail("", body);
    assert_eq!(
        parsed.comment,
        [
            "I resign? No.",
            "Sent from my desk, it is much easier to type here."
        ]
    );
    let body = "move game1 c1\nSent from my laptop\nmove game1 d1\n";
    assert_eq!(parse_mail("", body).commands.len(), 2);
}

#[test]
fn a_footer_standing_alone_ends_the_text() {
    let body = "move game1 c1\nthanks\n\nSent from my iPhone\n";
    let parsed = parse_mail("", body);
    assert_eq!(parsed.comment, ["thanks"]);
    let body = "move game1 c1\nthanks\nSent from my Samsung Galaxy smartphone.";
    assert_eq!(parse_mail("", body).comment, ["thanks"]);
}

#[test]
fn lookalikes_do_not_cut_the_body() {
    let body = "On second thought\nmove game1 c1\nAm I right?\nmove game1 d1\n\
                Sent to you\nmove game1 e1\n________________________________\nmove game1 f1";
    assert_eq!(read("", body).len(), 4);
}

#[test]
fn subjects_lose_prefixes_and_tags() {
    let cases = [
        ("Re: Re: [game3] move game3 c3", "move game3 c3", Some(3)),
        (
            "AW: SV: Antw: FW: Fwd: RE: [pbmgo] [game9] Your move",
            "Your move",
            Some(9),
        ),
        ("Re[2]: [Game 12] board", "board", Some(12)),
        ("Re : [game5]   d4  ", "d4", Some(5)),
        ("Re: Your move [game8]", "Your move [game8]", Some(8)),
        ("[EXTERNAL] Re: games", "games", None),
        ("Reply hazy", "Reply hazy", None),
        ("Re[2]: x", "x", None),
        ("", "", None),
        ("Re:", "", None),
        ("[unclosed tag", "[unclosed tag", None),
    ];
    for (subject, cleaned, game) in cases {
        let expected = (cleaned.to_string(), game.map(GameRef));
        assert_eq!(strip_subject(subject), expected, "{subject:?}");
    }
}

#[test]
fn game_refs_parse_and_display() {
    assert_eq!("game42".parse::<GameRef>(), Ok(GameRef(42)));
    assert_eq!("GAME42".parse::<GameRef>(), Ok(GameRef(42)));
    assert_eq!("42".parse::<GameRef>(), Ok(GameRef(42)));
    assert_eq!(GameRef(42).to_string(), "game42");
    for bad in [
        "game",
        "g42",
        "game-1",
        "４２",
        "game42x",
        "99999999999999999999999",
    ] {
        assert!(
            matches!(bad.parse::<GameRef>(), Err(CommandError::BadGame(_))),
            "{bad}"
        );
    }
}

#[test]
fn error_codes_are_stable() {
    let cases = [
        (CommandError::UnknownCommand("x".into()), "unknown-command"),
        (CommandError::BadPoint("x".into()), "bad-point"),
        (CommandError::MissingArgument("x"), "missing-argument"),
        (CommandError::BadGame("x".into()), "no-such-game"),
        (CommandError::BadMoveNumber("x".into()), "bad-move-number"),
        (
            CommandError::TooManyArguments("x".into()),
            "too-many-arguments",
        ),
        (CommandError::BadOption("x".into()), "bad-option"),
        (
            CommandError::DidYouMean {
                written: "mvoe".into(),
                keyword: "move",
            },
            "did-you-mean",
        ),
    ];
    for (error, code) in cases {
        assert_eq!(error.code(), code);
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn a_games_subject_is_never_a_command() {
    for subject in [
        "Re: [game1] alice vs bob, 9x9",
        "[game1] alice vs bob, 9x9",
        "RE: Re: [game7] pass vs resign, 19x19",
        "[game2] move vs d4, 13x13",
    ] {
        let parsed = parse_mail(subject, "");
        assert!(
            parsed.commands.is_empty(),
            "{subject}: {:?}",
            parsed.commands
        );
        assert!(parsed.comment.is_empty(), "{subject}");
    }
    let reply = read("Re: [game1] alice vs bob, 9x9", "d4");
    assert_eq!(reply.len(), 1);
    assert!(matches!(reply[0], Ok(Command::Move { .. })), "{reply:?}");
    assert!(subject::is_game_subject("alice vs bob, 9x9"));
    for not in [
        "alice vs bob",
        "alice vs bob, 9x13",
        "vs bob, 9x9",
        "move game1 d4",
    ] {
        assert!(!subject::is_game_subject(not), "{not}");
    }
}
