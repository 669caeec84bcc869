//! The command language from the outside: one line at a time
//! (`parse_command`), whole mails (`parse_mail`), Subjects
//! (`strip_subject`; its table and the body cut-offs are unit-tested in
//! `src/command/tests.rs`), and properties: nothing panics, canonical commands
//! read back to themselves.

use pbmgo::command::{
    Command, CommandError, GameRef, MAX_COMMANDS, MAX_COMMENT_LINES, MAX_LINE_CHARS, Parsed,
    parse_command, parse_mail, strip_subject,
};
use pbmgo::go::Point;
use proptest::prelude::*;

use crate::common::lines::{code, err, ok};

fn point(text: &str) -> Point {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(game: u64, at: &str, expected: Option<u32>) -> Command {
    Command::Move {
        game: GameRef(game),
        point: point(at),
        expected,
    }
}

fn pass(game: u64, expected: Option<u32>) -> Command {
    Command::Pass {
        game: GameRef(game),
        expected,
    }
}

/// The parsed commands of a mail, errors as their codes.
fn read(subject: &str, body: &str) -> Vec<Result<Command, &'static str>> {
    parse_mail(subject, body)
        .commands
        .into_iter()
        .map(|c| c.parsed.map_err(|e| e.code()))
        .collect()
}

// ---- one line -------------------------------------------------------------

#[test]
fn keywords_and_aliases() {
    assert_eq!(ok("help"), Command::Help);
    assert_eq!(ok("help move"), Command::Help);
    assert_eq!(ok("games"), Command::Games);
    assert_eq!(
        ok("signup Alice_B"),
        Command::Signup {
            name: "alice_b".into(),
            rank: None,
        }
    );
    assert_eq!(ok("board game3"), Command::Board { game: GameRef(3) });
    assert_eq!(ok("show game3"), ok("board game3"));
    assert_eq!(ok("move game3 c3"), mv(3, "c3", None));
    assert_eq!(ok("play game3 c3"), ok("move game3 c3"));
    assert_eq!(ok("pass game3"), pass(3, None));
    assert_eq!(ok("move game3 pass"), pass(3, None));
    assert_eq!(ok("resign game3"), Command::Resign { game: GameRef(3) });
}

#[test]
fn case_and_spacing_do_not_matter() {
    let expected = mv(42, "c3", None);
    for line in [
        "MOVE GAME42 C3",
        "Move Game42 c3",
        "mOvE 42 C3",
        "  move \t game42   c3  ",
        "move game42 c3\u{a0}",
        "move\u{a0}game42\u{a0}c3",
    ] {
        assert_eq!(ok(line), expected, "{line:?}");
    }
    assert_eq!(ok("PASS GAME7 #3"), pass(7, Some(3)));
    assert_eq!(ok("RESIGN 7"), Command::Resign { game: GameRef(7) });
}

#[test]
fn move_numbers_attached_or_separate() {
    assert_eq!(ok("move game3 c3#12"), mv(3, "c3", Some(12)));
    assert_eq!(ok("move game3 c3 #12"), mv(3, "c3", Some(12)));
    assert_eq!(ok("move game3 pass#9"), pass(3, Some(9)));
    assert_eq!(ok("move game3 PASS #9"), pass(3, Some(9)));
    assert_eq!(ok("pass game3#4"), pass(3, Some(4)));
    assert_eq!(ok("pass game3 #4"), pass(3, Some(4)));
    for bad in [
        "move game3 c3 #0",
        "move game3 c3 #",
        "move game3 c3#x",
        "move game3 c3 #-1",
        "move game3 c3 #+5",
        "move game3 c3 #4294967296",
        "move game3 c3#12#13",
        "move game3 #12 c3",
        "pass game3 #two",
    ] {
        assert_eq!(code(bad), "bad-move-number", "{bad}");
    }
}

#[test]
fn bad_points_carry_the_engine_text() {
    assert_eq!(
        err("move game3 i5"),
        CommandError::BadPoint("there is no column I (columns skip from H to J)".into())
    );
    assert_eq!(
        err("move game3 z99"),
        CommandError::BadPoint("Z99 is off the 25x25 board".into())
    );
    for bad in [
        "move game3 a26",
        "move game3 a0",
        "move game3 c3,",
        "move game3 3c",
        "move game3 ü3",
        "play 1 a3b",
    ] {
        assert_eq!(code(bad), "bad-point", "{bad}");
    }
    assert_eq!(ok("move game3 Z25"), mv(3, "Z25", None));
}

#[test]
fn missing_arguments_name_the_usage() {
    let cases = [
        ("move", "move GAME POINT[#N]"),
        ("move game3", "move GAME POINT[#N]"),
        ("move c3", "move GAME POINT[#N]"),
        ("play #12", "move GAME POINT[#N]"),
        ("pass", "pass GAME[#N]"),
        ("board", "board GAME"),
        ("show", "board GAME"),
        ("resign", "resign GAME"),
        ("signup", "signup NAME [RANK]"),
    ];
    for (line, usage) in cases {
        assert_eq!(err(line), CommandError::MissingArgument(usage), "{line}");
        assert_eq!(code(line), "missing-argument");
    }
}

#[test]
fn bad_games_and_extra_words() {
    for bad in [
        "move gamex1 c3",
        "move c3 d4",
        "board game_7",
        "resign g7",
        "pass -1",
        "board 99999999999999999999999",
    ] {
        assert_eq!(code(bad), "no-such-game", "{bad}");
    }
    assert_eq!(
        err("move game3 c3 d4"),
        CommandError::TooManyArguments("d4".into())
    );
    assert_eq!(
        err("games 2 please"),
        CommandError::TooManyArguments("2 please".into())
    );
    assert_eq!(
        err("signup bob smith"),
        CommandError::TooManyArguments("smith".into())
    );
    assert_eq!(code("resign game3 now"), "too-many-arguments");
    assert_eq!(code("board game3 #4"), "too-many-arguments");
    assert_eq!(code("pass game3 game4"), "too-many-arguments");
}

#[test]
fn other_words_are_not_commands() {
    for line in [
        "",
        "   ",
        "hello",
        "Moving on",
        "move:",
        "movegame3 c3",
        "c3",
        "Thanks!",
        "helpful",
        "#12",
    ] {
        assert_eq!(parse_command(line), None, "{line:?}");
    }
    assert_eq!(
        err("komi game3"),
        CommandError::UnknownCommand("komi".into())
    );
    assert_eq!(code("Unsubscribe"), "unknown-command");
}

#[test]
fn display_is_canonical() {
    assert_eq!(mv(42, "c3", Some(12)).to_string(), "move game42 C3#12");
    assert_eq!(pass(7, None).to_string(), "pass game7");
    assert_eq!(
        Command::Signup {
            name: "zoë".into(),
            rank: None,
        }
        .to_string(),
        "signup zoë"
    );
}

// ---- Subjects ---------------------------------------------------------------

#[test]
fn subject_commands() {
    assert_eq!(
        read("Re: Re: [game3] move game3 c3", ""),
        [Ok(mv(3, "c3", None))]
    );
    assert_eq!(read("[game3] d4 #10", ""), [Ok(mv(3, "d4", Some(10)))]);
    assert_eq!(read("Your move", ""), []);
    assert_eq!(read("Move in game 7", ""), []);
    assert_eq!(read("Move gamma7 c3", ""), [Err("no-such-game")]);
    assert_eq!(read("Move 7 c3 d4", ""), [Err("too-many-arguments")]);
}

#[test]
fn subject_errors_yield_to_body_commands_and_repeats_count_once() {
    assert_eq!(
        read("Move 7 c3 d4", "move game7 d4"),
        [Ok(mv(7, "d4", None))]
    );
    assert_eq!(
        read("move game7 d4", "move game7 d4"),
        [Ok(mv(7, "d4", None))]
    );
    let both = read("board game7", "move game7 d4");
    assert_eq!(
        both,
        [
            Ok(Command::Board { game: GameRef(7) }),
            Ok(mv(7, "d4", None))
        ]
    );
}

#[test]
fn subject_is_never_comment() {
    let parsed = parse_mail("Hello there", "games\nsee you");
    assert_eq!(parsed.comment, ["see you"]);
}

// ---- threads ----------------------------------------------------------------

#[test]
fn thread_replies_may_omit_the_game() {
    let s = "Re: [game42] Your move";
    assert_eq!(read(s, "c3"), [Ok(mv(42, "c3", None))]);
    assert_eq!(read(s, "C3 #12"), [Ok(mv(42, "c3", Some(12)))]);
    assert_eq!(read(s, "c3#12"), [Ok(mv(42, "c3", Some(12)))]);
    assert_eq!(read(s, "pass"), [Ok(pass(42, None))]);
    assert_eq!(read(s, "pass #5"), [Ok(pass(42, Some(5)))]);
    assert_eq!(read(s, "move c3"), [Ok(mv(42, "c3", None))]);
    assert_eq!(read(s, "move pass"), [Ok(pass(42, None))]);
    assert_eq!(
        read(s, "resign"),
        [Ok(Command::Resign { game: GameRef(42) })]
    );
    assert_eq!(read(s, "board"), [Ok(Command::Board { game: GameRef(42) })]);
    assert_eq!(read(s, "move game7 c3"), [Ok(mv(7, "c3", None))]);
    assert_eq!(read(s, "i5"), [Err("bad-point")]);
    assert_eq!(read(s, "z99"), [Err("bad-point")]);
    assert_eq!(read(s, "c3 #x"), [Err("bad-move-number")]);
    assert_eq!(read(s, "move 42"), [Err("missing-argument")]);
    for comment in ["ok", "c3 please", "Thanks", "a1 b2", "c3.", "x1234"] {
        assert_eq!(read(s, comment), [], "{comment}");
    }
}

#[test]
fn bare_points_need_a_thread() {
    let parsed = parse_mail("Your move", "c3");
    assert!(parsed.commands.is_empty());
    assert_eq!(parsed.comment, ["c3"]);
    assert_eq!(read("Re: [gameX] Your move", "c3"), []);
}

// ---- bodies -----------------------------------------------------------------

#[test]
fn quoted_and_blank_lines_are_skipped() {
    let body = "\n\n> move game1 a1\n   > move game1 b1\n>> pass game1\n\nmove game1 c1\n\n";
    assert_eq!(read("", body), [Ok(mv(1, "c1", None))]);
}

#[test]
fn comment_lines_are_trimmed_and_capped() {
    let mut body = String::from("games\n");
    for i in 0..80 {
        body.push_str(&format!("   line {i}\u{a0} \n\n"));
    }
    let parsed = parse_mail("", &body);
    assert_eq!(parsed.comment.len(), MAX_COMMENT_LINES);
    assert_eq!(parsed.comment.first().map(String::as_str), Some("line 0"));
}

#[test]
fn long_lines_are_clipped_on_char_boundaries() {
    let long = format!("board game1 {}", "ü".repeat(500));
    let parsed = parse_mail("", &format!("{long}\n{}", "é".repeat(500)));
    let text = &parsed
        .commands
        .first()
        .map(|c| c.text.clone())
        .unwrap_or_default();
    assert_eq!(text.chars().count(), MAX_LINE_CHARS);
    assert_eq!(
        parsed.comment.first().map(|c| c.chars().count()),
        Some(MAX_LINE_CHARS)
    );
}

#[test]
fn at_most_twenty_commands_subject_included() {
    let body: String = (1..=25).map(|i| format!("move game{i} c3\n")).collect();
    let parsed = parse_mail("board game99", &body);
    assert_eq!(parsed.commands.len(), MAX_COMMANDS);
    assert_eq!(
        parsed.commands.first().map(|c| c.text.as_str()),
        Some("board game99")
    );
    assert_eq!(parsed.not_processed.len(), 6);
    assert_eq!(
        parsed.not_processed.first().map(String::as_str),
        Some("move game20 c3")
    );
    let errors: String = (0..25).map(|_| "move\n").collect();
    let parsed = parse_mail("", &errors);
    assert_eq!((parsed.commands.len(), parsed.not_processed.len()), (20, 5));
}

#[test]
fn huge_mails_stay_bounded() {
    let body = "help\n".repeat(100_000);
    let parsed = parse_mail("", &body);
    assert_eq!(parsed.commands.len(), MAX_COMMANDS);
    assert!(parsed.not_processed.len() <= 100);
    let blanks = format!(
        "{}\nmove game1 c1",
        "________________________________\n\n\n".repeat(20_000)
    );
    assert_eq!(parse_mail("", &blanks).commands.len(), 1);
}

#[test]
fn crlf_bodies_work() {
    let parsed = parse_mail("", "move game1 c1\r\nnice\r\n-- \r\nmove game1 d1\r\n");
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.comment, ["nice"]);
}

#[test]
fn no_commands_still_reports_the_comment() {
    let parsed = parse_mail("Hi", "I want to play\nhow?");
    assert_eq!(
        parsed,
        Parsed {
            comment: vec!["I want to play".into(), "how?".into()],
            ..Parsed::default()
        }
    );
}

// ---- properties ---------------------------------------------------------------

fn arb_point() -> impl Strategy<Value = Point> {
    (0u8..25, 0u8..25).prop_map(|(col, row)| Point::new(col, row))
}

fn arb_command() -> impl Strategy<Value = Command> {
    let game = any::<u64>().prop_map(GameRef);
    let expected = proptest::option::of(1u32..=u32::MAX);
    prop_oneof![
        Just(Command::Help),
        Just(Command::Games),
        "[a-z]([a-z0-9_.-]{0,14}[a-z0-9_-])?".prop_map(|name| Command::Signup { name, rank: None }),
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

/// Writes `command` the way a player might: any case, any spacing, `#N`
/// attached or not, `game42` or `42`, `play`/`show` aliases.
fn as_player_writes(command: &Command, style: (bool, bool, bool, bool, u8)) -> String {
    let (upper, split_number, bare_game, alias, spaces) = style;
    let mut text = command.to_string();
    if split_number {
        text = text.replace('#', " #");
    }
    if bare_game {
        text = text.replacen(" game", " ", 1);
    }
    if alias {
        text = text
            .replacen("move ", "play ", 1)
            .replacen("board ", "show ", 1);
    }
    if upper {
        text = text.to_uppercase();
    }
    let gap = ["  ", "\t", " \u{a0}", "   "][usize::from(spaces % 4)];
    format!(" {}\u{a0}", text.replace(' ', gap))
}

/// Pieces of mail text that exercise the parser's edge cases.
const FRAGMENTS: &str = "move|game|42|c3|#|#12|pass|-- |--|>|On|wrote:|[game7]|Re:|\
    ________________________________|From:|Sent:|Sent from my iPhone|\u{a0}|\u{200b}|\r|\n| |\t|\
    ü|i5|z99|resign|board|signup|help|undo|[|]";

fn arb_mailish() -> impl Strategy<Value = String> {
    let fragments: Vec<&str> = FRAGMENTS.split('|').collect();
    proptest::collection::vec(proptest::sample::select(fragments), 0..60)
        .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn canonical_commands_read_back(command in arb_command(), style in any::<(bool, bool, bool, bool, u8)>()) {
        let written = as_player_writes(&command, style);
        prop_assert_eq!(parse_command(&written), Some(Ok(command)), "{:?}", written);
    }

    #[test]
    fn parse_mail_never_panics(subject in any::<String>(), body in any::<String>()) {
        let parsed = parse_mail(&subject, &body);
        prop_assert!(parsed.commands.len() <= MAX_COMMANDS);
        prop_assert!(parsed.comment.len() <= MAX_COMMENT_LINES);
    }

    #[test]
    fn parse_mail_never_panics_on_mail_like_text(subject in arb_mailish(), body in arb_mailish()) {
        let parsed = parse_mail(&subject, &body);
        for line in parsed.commands {
            prop_assert!(line.text.chars().count() <= MAX_LINE_CHARS);
        }
    }

    #[test]
    fn parse_command_never_panics(line in any::<String>()) {
        let _ = parse_command(&line);
        let _ = strip_subject(&line);
    }
}
