//! Property tests for the game-lifecycle and player words: every command's
//! canonical form reads back as itself, and any line starting with one of
//! the words gives a command or an error, never a panic.

use pbmgo::command::{
    ChallengeOptions, ColorChoice, Command, GameRef, Komi, NotifyMode, parse_command, parse_mail,
};
use pbmgo::go::{KoRule, Point, Scoring};
use proptest::prelude::*;

fn arb_point() -> impl Strategy<Value = Point> + Clone {
    (0u8..25, 0u8..25).prop_map(|(col, row)| Point::new(col, row))
}

fn arb_options() -> impl Strategy<Value = ChallengeOptions> {
    (
        prop::option::of(2u8..=25),
        prop::option::of(-400i32..=400),
        prop::option::of(0u32..=99),
        any::<bool>(),
        prop::sample::select(vec![
            ColorChoice::Black,
            ColorChoice::White,
            ColorChoice::Nigiri,
        ]),
        prop::option::of(prop::sample::select(KoRule::ALL.to_vec())),
        prop::option::of(prop::sample::select(vec![
            Scoring::Area,
            Scoring::Territory,
        ])),
        prop::option::of(1u32..=60),
    )
        .prop_map(
            |(size, komi, handicap, free, color, ko, scoring, days)| ChallengeOptions {
                size,
                komi: komi.map(Komi),
                handicap,
                free,
                color,
                ko,
                scoring,
                days,
                ..ChallengeOptions::default()
            },
        )
}

fn arb_command() -> impl Strategy<Value = Command> {
    let game = (1u64..100_000).prop_map(GameRef);
    let pts = prop::collection::vec(arb_point(), 1..6);
    prop_oneof![
        ("[a-z][a-z0-9_-]{1,15}", arb_options()).prop_map(|(opponent, options)| {
            Command::Challenge {
                opponent,
                options,
                ladder: None,
            }
        }),
        game.clone().prop_map(|game| Command::Accept { game }),
        game.clone().prop_map(|game| Command::Decline { game }),
        (game.clone(), pts.clone()).prop_map(|(game, points)| Command::Place { game, points }),
        (game.clone(), pts.clone()).prop_map(|(game, points)| Command::Dead { game, points }),
        (game.clone(), pts).prop_map(|(game, points)| Command::Alive { game, points }),
        (game.clone(), proptest::option::of(1u32..1000))
            .prop_map(|(game, count)| Command::Done { game, count }),
        game.clone().prop_map(|game| Command::Resume { game }),
        game.clone().prop_map(|game| Command::Sgf { game }),
        game.clone().prop_map(|game| Command::Undo { game }),
        (game, "[!-~]{1,10}( [!-~]{1,10}){0,5}")
            .prop_map(|(game, text)| Command::Say { game, text }),
        prop::option::of(1u32..=366).prop_map(|days| Command::Vacation { days }),
        prop::sample::select(vec![NotifyMode::Each, NotifyMode::Digest, NotifyMode::Off])
            .prop_map(|mode| Command::Notify { mode }),
        Just(Command::Standings),
    ]
}

const WORDS: &[&str] = &[
    "challenge",
    "accept",
    "decline",
    "place",
    "dead",
    "alive",
    "done",
    "resume",
    "sgf",
    "undo",
    "say",
    "vacation",
    "notify",
    "password",
    "standings",
];

proptest! {
    #[test]
    fn canonical_forms_read_back(cmd in arb_command()) {
        prop_assert_eq!(parse_command(&cmd.to_string()), Some(Ok(cmd)));
    }

    #[test]
    fn any_line_after_a_word_is_at_most_one_command(word in prop::sample::select(WORDS), rest in "\\PC{0,80}") {
        let line = format!("{word} {rest}");
        let parsed = parse_mail("", &line);
        prop_assert!(parsed.commands.len() <= 1);
    }

    #[test]
    fn a_game_and_a_point_after_a_word_make_a_command(word in prop::sample::select(WORDS), game in 1u64..1000, rest in "[a-t][0-9]{1,2}( \\PC{0,30})?") {
        let line = format!("{word} game{game} {rest}");
        prop_assume!(!line.trim_end().ends_with('?'));
        prop_assert!(parse_command(&line).is_some(), "{:?}", line);
    }

    #[test]
    fn a_password_line_never_shows_its_words(secret in "[!-~]{1,20}", extra in "[!-~ ]{0,20}") {
        let parsed = parse_mail("", &format!("password {secret} {extra}"));
        for line in parsed.commands {
            prop_assert_eq!(line.text, "password ********");
        }
    }
}
