//! The game-lifecycle and player commands, from strings: `challenge` with
//! its options, `accept`, `decline`, `place`, `dead`, `alive`, `done`,
//! `resume`, `sgf`, `undo`, `say`, `vacation`, `notify`, `password`,
//! `standings`; their canonical forms; and that a password is never shown.

use pbmgo::command::{
    ChallengeOptions, ColorChoice, Command, CommandError, GameRef, Komi, NotifyMode, parse_command,
    parse_mail,
};
use pbmgo::go::{KoRule, Point, Scoring};

use crate::common::lines::{err, ok};

fn points(texts: &[&str]) -> Vec<Point> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn challenge_reads_every_option() {
    let c = ok(
        "Challenge Bob size 13 komi 0.5 handicap 3 free color white ko positional scoring territory days 5",
    );
    assert_eq!(
        c,
        Command::Challenge {
            opponent: "bob".into(),
            options: ChallengeOptions {
                size: Some(13),
                komi: Some(Komi(1)),
                handicap: Some(3),
                free: true,
                color: ColorChoice::White,
                ko: Some(KoRule::Positional),
                scoring: Some(Scoring::Territory),
                days: Some(5),
                ..ChallengeOptions::default()
            },
            ladder: None,
        }
    );
    assert_eq!(
        c.to_string(),
        "challenge bob size 13 komi 0.5 handicap 3 free color white ko positional scoring territory days 5"
    );
    assert_eq!(parse_command(&c.to_string()), Some(Ok(c)));
}

#[test]
fn challenge_defaults_and_bare_colour_words() {
    assert_eq!(
        ok("challenge alice"),
        Command::Challenge {
            opponent: "alice".into(),
            options: ChallengeOptions::default(),
            ladder: None,
        }
    );
    let Command::Challenge { options, .. } = ok("challenge alice black komi -3.5") else {
        panic!()
    };
    assert_eq!(options.color, ColorChoice::Black);
    assert_eq!(options.komi, Some(Komi(-7)));
    assert_eq!(options.komi.unwrap().to_string(), "-3.5");
}

#[test]
fn challenge_refuses_bad_options_with_the_reason() {
    for (line, needle) in [
        ("challenge bob size 30", "size 30"),
        ("challenge bob komi 6.3", "komi 6.3"),
        ("challenge bob days 0", "days 0"),
        ("challenge bob ko superko", "ko superko"),
        ("challenge bob colour purple", "colour purple"),
        ("challenge bob size", "size needs a value"),
        ("challenge bob size 9 speed fast", "unknown option speed"),
    ] {
        let e = err(line);
        assert_eq!(e.code(), "bad-option", "{line}");
        assert!(e.to_string().contains(needle), "{line}: {e}");
    }
    assert_eq!(
        err("challenge"),
        CommandError::MissingArgument("challenge NAME [options]")
    );
}

#[test]
fn game_words_take_one_game() {
    for (line, want) in [
        ("accept game12", Command::Accept { game: GameRef(12) }),
        ("DECLINE 12", Command::Decline { game: GameRef(12) }),
        (
            "done game3",
            Command::Done {
                game: GameRef(3),
                count: None,
            },
        ),
        (
            "done game3#4",
            Command::Done {
                game: GameRef(3),
                count: Some(4),
            },
        ),
        (
            "done game3 #4",
            Command::Done {
                game: GameRef(3),
                count: Some(4),
            },
        ),
        ("resume game3", Command::Resume { game: GameRef(3) }),
        ("sgf game3", Command::Sgf { game: GameRef(3) }),
        ("undo game3", Command::Undo { game: GameRef(3) }),
        ("standings", Command::Standings),
    ] {
        assert_eq!(ok(line), want, "{line}");
        assert_eq!(ok(&want.to_string()), want);
    }
    assert_eq!(err("accept").code(), "missing-argument");
    assert_eq!(err("done game3 now").code(), "too-many-arguments");
    assert_eq!(err("standings 2026").code(), "too-many-arguments");
    assert_eq!(parse_command("standings please"), None);
}

#[test]
fn point_lists_for_place_dead_and_alive() {
    assert_eq!(
        ok("place game4 d4 q16, q4"),
        Command::Place {
            game: GameRef(4),
            points: points(&["D4", "Q16", "Q4"])
        }
    );
    assert_eq!(
        ok("dead game4 c3,d4"),
        Command::Dead {
            game: GameRef(4),
            points: points(&["C3", "D4"])
        }
    );
    assert_eq!(ok("alive game4 c3").to_string(), "alive game4 C3");
    assert_eq!(err("dead game4").code(), "missing-argument");
    assert_eq!(err("dead game4 i5").code(), "bad-point");
    assert_eq!(err("dead c3").code(), "no-such-game");
}

#[test]
fn game_words_use_the_thread_game() {
    let parsed = parse_mail(
        "Re: [game7] Your move",
        "dead c3 d4\ndone\nsay thanks, good game",
    );
    let commands: Vec<Command> = parsed
        .commands
        .iter()
        .map(|l| l.parsed.clone().unwrap())
        .collect();
    assert_eq!(
        commands,
        vec![
            Command::Dead {
                game: GameRef(7),
                points: points(&["C3", "D4"])
            },
            Command::Done {
                game: GameRef(7),
                count: None,
            },
            Command::Say {
                game: GameRef(7),
                text: "thanks, good game".into()
            },
        ]
    );
}

#[test]
fn say_keeps_the_text_as_written() {
    assert_eq!(
        ok("say game5   Nice  move #12, really!"),
        Command::Say {
            game: GameRef(5),
            text: "Nice  move #12, really!".into()
        }
    );
    assert_eq!(err("say game5").code(), "missing-argument");
}

#[test]
fn vacation_and_notify() {
    assert_eq!(ok("vacation 10"), Command::Vacation { days: Some(10) });
    assert_eq!(ok("Vacation OFF"), Command::Vacation { days: None });
    assert_eq!(err("vacation 1.5").code(), "bad-option");
    assert_eq!(err("vacation 400").code(), "bad-option");
    assert_eq!(parse_command("vacation forever"), None);
    assert_eq!(err("vacation 0").code(), "bad-option");
    assert_eq!(
        ok("notify digest"),
        Command::Notify {
            mode: NotifyMode::Digest
        }
    );
    assert_eq!(ok("notify off").to_string(), "notify off");
    assert_eq!(err("notify 2").code(), "bad-option");
    assert_eq!(parse_command("Notify me when it is my turn"), None);
}

#[test]
fn confirm_alone_on_and_off() {
    assert_eq!(ok("confirm"), Command::Confirm { on: None });
    assert_eq!(ok("Confirm OFF"), Command::Confirm { on: Some(false) });
    assert_eq!(ok("confirm on").to_string(), "confirm on");
    assert_eq!(ok("confirm").to_string(), "confirm");
    assert_eq!(err("confirm on off").code(), "too-many-arguments");
    assert_eq!(parse_command("Confirm that you can play tomorrow"), None);
}

#[test]
fn a_password_is_never_written_back() {
    assert_eq!(
        ok("password s3cr#t"),
        Command::Password {
            secret: "s3cr#t".into(),
            new: None
        }
    );
    assert_eq!(ok("password old new").to_string(), "password ********");
    let parsed = parse_mail(
        "password hunter2",
        "password hunter2 tiger3\npassword a b c\nmove game1 c3",
    );
    for line in &parsed.commands {
        assert!(!line.text.contains("hunter2"), "{line:?}");
        assert!(!line.text.contains("tiger3"), "{line:?}");
    }
    assert_eq!(parsed.commands.len(), 4);
    assert_eq!(parsed.commands[1].text, "password ********");
    assert_eq!(parsed.commands[2].text, "password ********");
    assert!(parsed.commands[2].parsed.is_err());
}
