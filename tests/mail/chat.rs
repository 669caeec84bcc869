//! Command or chat, from strings: a line that starts with a command word
//! is a command only when the words after it are shaped like that
//! command's arguments ("Play well!" is chat, `move game1 z99` is refused);
//! typos of command words followed by that command's arguments are refused
//! with "did you mean move?"; example lines with the `POINT` placeholder
//! are never a move; and the reply codes of the refusals.

use pbmgo::command::{
    Command, CommandError, GameRef, NotifyMode, parse_command, parse_mail, reply_code,
};
use proptest::prelude::*;

const THREAD: &str = "Re: [game1] Your move: bob played C3 (move 4)";

fn mv(game: u64, at: &str, expected: Option<u32>) -> Command {
    Command::Move {
        game: GameRef(game),
        point: at.parse().unwrap(),
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

/// Asserts `line` is chat: no command, and the line is the mail's comment,
/// outside a thread and in one.
fn assert_chat(line: &str) {
    assert_eq!(parse_command(line), None, "{line:?}");
    for subject in ["Hello", THREAD] {
        let parsed = parse_mail(subject, line);
        assert!(
            parsed.commands.is_empty(),
            "{subject:?} {line:?}: {parsed:?}"
        );
        assert_eq!(parsed.comment, [line.trim()], "{subject:?} {line:?}");
    }
}

// ---- prose that starts with a command word ----------------------------------

/// Prose lines starting with every command word (and alias and reserved
/// word); none is a command, in a game's thread or not. `say` is left out:
/// in a thread any text after it is a message (see below).
const PROSE: &[&str] = &[
    "Play well!",
    "Pass the popcorn.",
    "Board meeting all day tomorrow...",
    "Show me what you have got.",
    "Move fast and break things",
    "Resign yourself to it, friend",
    "Help yourself to tea",
    "Help me understand the ko rule",
    "Help move the couch on Saturday",
    "Games night on Friday?",
    "Signup?",
    "Challenge accepted!",
    "Challenge accepted, see you on the board.",
    "Challenge Bob to a game some time",
    "Challenge yourself!",
    "Accept my apologies for the slow reply.",
    "Decline gracefully, they said",
    "Place your bets",
    "Dead tired today, sorry",
    "Alive and kicking!",
    "Done deal.",
    "Resume writing is hard",
    "Sgf files are neat",
    "Undo that last move, please?",
    "Vacation was lovely, thanks",
    "Notify me when you are back",
    "Standings look tight this season",
    "Password managers are great",
    "Unsubscribe me from nothing",
    "Register for the club",
    "Komi seems high for 9x9",
    "Move 5 was a blunder",
    "Play 2 games at once?",
    "Move #1 was a mistake",
    "board game tonight?",
    "PASS THE SALT",
    "move game1 c3?",
    "pass?",
    "Pass.",
    "Resign!",
    "Games?",
];

#[test]
fn prose_after_a_command_word_is_chat() {
    for line in PROSE {
        if line.starts_with("Password") {
            // A password is any word: the line is a (refused or not) command.
            assert!(parse_command(line).is_some());
            continue;
        }
        assert_chat(line);
    }
}

#[test]
fn say_takes_any_text_in_a_thread_and_needs_a_game_outside() {
    assert_chat_outside("Say hello to your mother for me");
    assert_eq!(
        read(THREAD, "Say hello to your mother for me"),
        [Ok(Command::Say {
            game: GameRef(1),
            text: "hello to your mother for me".into()
        })]
    );
    assert_eq!(
        parse_command("say game4 what a game?"),
        Some(Ok(Command::Say {
            game: GameRef(4),
            text: "what a game?".into()
        }))
    );
}

fn assert_chat_outside(line: &str) {
    assert_eq!(parse_command(line), None, "{line:?}");
    assert_eq!(parse_mail("Hi", line).comment, [line]);
}

#[test]
fn chat_beside_a_move_is_comment_not_a_refusal() {
    let parsed = parse_mail(THREAD, "move game1 d4\nPlay well!\n\nPass the popcorn.");
    assert_eq!(
        parsed
            .commands
            .iter()
            .map(|c| &c.parsed)
            .collect::<Vec<_>>(),
        [&Ok(mv(1, "d4", None))]
    );
    assert_eq!(parsed.comment, ["Play well!", "Pass the popcorn."]);
}

#[test]
fn a_subject_of_prose_is_not_a_refusal() {
    for subject in [
        "Re: Board meeting",
        "Re: Play well",
        "Fwd: Move fast and break things",
        "Re: [game1] Pass the popcorn",
        "Challenge accepted!",
    ] {
        let parsed = parse_mail(subject, "thanks");
        assert!(parsed.commands.is_empty(), "{subject:?}: {parsed:?}");
        assert_eq!(parsed.comment, ["thanks"]);
    }
}

// ---- what stays a command -----------------------------------------------------

#[test]
fn bad_arguments_of_the_right_shape_are_still_refused() {
    for (line, code) in [
        ("move game1 z99", "bad-point"),
        ("move game1 i5", "bad-point"),
        ("Play game1 i5!", "bad-point"),
        ("move game1 c3 d4", "too-many-arguments"),
        ("move game1 c3 please", "too-many-arguments"),
        ("resign game1 now", "too-many-arguments"),
        ("move gamex1 c3", "no-such-game"),
        ("move game1 c3#x", "bad-move-number"),
        ("pass game1 #0", "bad-move-number"),
        ("games 2", "too-many-arguments"),
        ("move", "missing-argument"),
        ("pass", "missing-argument"),
        ("accept", "missing-argument"),
        ("challenge bob size 9 speed fast", "bad-option"),
        ("challenge bob komi", "bad-option"),
        ("challenge bob size 30", "bad-option"),
        ("vacation 0", "bad-option"),
        ("dead game1 i5", "bad-point"),
        ("signup bob smith", "too-many-arguments"),
        ("Unsubscribe", "unknown-command"),
        ("komi game1 7", "unknown-command"),
    ] {
        let got = parse_command(line).map(|r| r.map_err(|e| e.code()));
        assert_eq!(got, Some(Err(code)), "{line:?}");
    }
}

#[test]
fn lone_keywords_stay_commands() {
    assert_eq!(parse_command("help"), Some(Ok(Command::Help)));
    assert_eq!(parse_command("Help"), Some(Ok(Command::Help)));
    assert_eq!(parse_command("help move"), Some(Ok(Command::Help)));
    assert_eq!(parse_command("HELP challenge"), Some(Ok(Command::Help)));
    assert_eq!(parse_command("games"), Some(Ok(Command::Games)));
    assert_eq!(parse_command("standings"), Some(Ok(Command::Standings)));
    let pass = Command::Pass {
        game: GameRef(1),
        expected: None,
    };
    assert_eq!(read(THREAD, "pass"), [Ok(pass.clone())]);
    assert_eq!(read(THREAD, "Pass"), [Ok(pass)]);
    assert_eq!(
        read(THREAD, "done"),
        [Ok(Command::Done {
            game: GameRef(1),
            count: None
        })]
    );
    assert_eq!(
        read(THREAD, "resign"),
        [Ok(Command::Resign { game: GameRef(1) })]
    );
}

#[test]
fn thread_moves_and_trailing_punctuation() {
    assert_eq!(read(THREAD, "move c3"), [Ok(mv(1, "c3", None))]);
    assert_eq!(read(THREAD, "Play c3#5"), [Ok(mv(1, "c3", Some(5)))]);
    assert_eq!(read(THREAD, "c3"), [Ok(mv(1, "c3", None))]);
    // A full stop or `!` after the last argument of a command line is dropped.
    for line in [
        "move game1 c3.",
        "Move game1 c3!",
        "MOVE GAME1 C3!!",
        "move 1 c3.",
    ] {
        assert_eq!(parse_command(line), Some(Ok(mv(1, "c3", None))), "{line}");
    }
    assert_eq!(
        parse_command("move game1 c3#5."),
        Some(Ok(mv(1, "c3", Some(5))))
    );
    assert_eq!(
        parse_command("pass game1."),
        Some(Ok(Command::Pass {
            game: GameRef(1),
            expected: None
        }))
    );
    assert_eq!(
        parse_command("resign game1!"),
        Some(Ok(Command::Resign { game: GameRef(1) }))
    );
    // So is one after the setting of a two-word line.
    for (line, command) in [
        ("vacation off.", Command::Vacation { days: None }),
        ("Images on!", Command::Images { on: true }),
        (
            "notify digest.",
            Command::Notify {
                mode: NotifyMode::Digest,
            },
        ),
        ("confirm off.", Command::Confirm { on: Some(false) }),
    ] {
        assert_eq!(parse_command(line), Some(Ok(command)), "{line}");
    }
    // A setting followed by prose is chat.
    for chat in [
        "Images on my phone do not load.",
        "Confirm off the record: I resign soon",
    ] {
        assert_eq!(parse_command(chat), None, "{chat}");
    }
    // A bare point stays strict: "c3." and "c3!" are chat, and so is a question.
    for chat in ["c3.", "c3!", "move c3?", "c3 please"] {
        assert_eq!(read(THREAD, chat), [], "{chat}");
    }
}

// ---- typos ------------------------------------------------------------------------

#[test]
fn typos_followed_by_arguments_are_refused_with_a_hint() {
    for (line, keyword) in [
        ("mvoe game1 c5", "move"),
        ("Mvoe game1 c5#12", "move"),
        ("moev 1 pass", "move"),
        ("acept game1", "accept"),
        ("resing game1", "resign"),
        ("resigned game1", "resign"),
        ("pas game1", "pass"),
        ("pss game1 #4", "pass"),
        ("baord game1", "board"),
        ("dnoe game1", "done"),
        ("declien 4", "decline"),
        ("chalenge bob size 9", "challenge"),
        ("challange bob", "challenge"),
        ("vacatoin 10", "vacation"),
        ("notfy digest", "notify"),
        ("daed game1 c3 d4", "dead"),
        ("singup alice", "signup"),
    ] {
        let got = parse_command(line);
        let Some(Err(e)) = got else {
            panic!("{line:?} gave {got:?}")
        };
        assert_eq!(e.code(), "did-you-mean", "{line}");
        let written = line.split_whitespace().next().unwrap();
        assert_eq!(
            e,
            CommandError::DidYouMean {
                written: written.into(),
                keyword
            },
            "{line}"
        );
        assert!(
            e.to_string().contains(&format!("did you mean {keyword}?")),
            "{e}"
        );
    }
    assert_eq!(read(THREAD, "mvoe c5")[0], Err("did-you-mean"));
    assert_eq!(read(THREAD, "daed c5")[0], Err("did-you-mean"));
}

#[test]
fn near_words_without_the_arguments_are_chat() {
    for line in [
        "mvoe",
        "Mvoe fast",
        "mvoe c5",
        "Love it",
        "Love c5",
        "Gone fishing",
        "Dome 3 was huge",
        "Game 3",
        "Game 3 was fun",
        "Sat 3 games",
        "May 5 works for me",
        "Day 3",
        "mo game1 c3",
        "acceptance game1",
        "Passport expired",
        "Past 3 moves were wild",
        "Accepted, game on!",
        "Moving on",
        "hello",
        "helo",
        "resin game1 c3 d4",
    ] {
        assert_eq!(parse_command(line), None, "{line:?}");
    }
    let long = format!("{} game1 c3", "mvoe".repeat(50_000));
    assert_eq!(parse_command(&long), None);
}

#[test]
fn a_typo_of_password_never_shows_its_words() {
    let parsed = parse_mail("", "pasword hunter2");
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.commands[0].text, "password ********");
    assert_eq!(
        parsed.commands[0].parsed.as_ref().map_err(|e| e.code()),
        Err("did-you-mean")
    );
}

#[test]
fn a_line_near_password_is_never_kept_as_words() {
    for body in [
        "pasword hunter2 and more",
        "passwd: my secret",
        "Password hunter2 is what I use",
        "pwd hunter2",
        "Passwort geheim bitte",
    ] {
        let parsed = parse_mail("", &format!("c3 is my move\n{body}\nsee you"));
        assert!(
            parsed
                .comment
                .iter()
                .all(|l| !l.contains("hunter2") && !l.contains("secret") && !l.contains("geheim")),
            "{body:?}: {:?}",
            parsed.comment
        );
        assert!(parsed.comment.contains(&"see you".to_string()), "{body:?}");
    }
}

// ---- example lines --------------------------------------------------------------

#[test]
fn placeholders_of_examples_are_never_a_move() {
    for line in [
        "move game1 POINT#21",
        "    move game1 POINT#21",
        "move game12 POINT",
        "place game1 POINT POINT POINT",
        "dead game1 POINT...",
        "move GAME POINT[#N]   put a stone on POINT in GAME (also: play)",
        "accept GAME           accept a challenge: the game starts",
    ] {
        assert_eq!(parse_command(line), None, "{line:?}");
        assert!(read(THREAD, line).is_empty(), "{line:?}");
    }
    assert!("POINT".parse::<pbmgo::go::Point>().is_err());
}

// ---- codes ----------------------------------------------------------------------

#[test]
fn reply_codes_say_what_went_wrong() {
    for (code, reply) in [
        ("missing-argument", "bad-argument"),
        ("too-many-arguments", "bad-argument"),
        ("bad-move-number", "bad-argument"),
        ("bad-option", "bad-option"),
        ("did-you-mean", "did-you-mean"),
        ("unknown-command", "unknown-command"),
        ("bad-point", "bad-point"),
        ("no-such-game", "no-such-game"),
    ] {
        assert_eq!(reply_code(code), reply, "{code}");
    }
}

// ---- properties -----------------------------------------------------------------

/// Every command word but `password` and `signup` (any word is a secret or
/// a name) and `say` (any text in a thread).
const WORDS: &[&str] = &[
    "help",
    "games",
    "board",
    "show",
    "move",
    "play",
    "pass",
    "resign",
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
    "vacation",
    "notify",
    "standings",
    "unsubscribe",
    "komi",
];

/// Ordinary words: none holds a digit or is one of the commands' own
/// words (`pass`, `off`, `each`…).
const PROSE_WORDS: &[&str] = &[
    "the", "well", "fast", "me", "yourself", "meeting", "popcorn", "tomorrow", "and", "friend",
    "to", "it", "what", "you", "have", "got", "great", "thanks", "later", "again", "a", "nice",
];

fn arb_prose() -> impl Strategy<Value = String> {
    let words = proptest::collection::vec(prop::sample::select(PROSE_WORDS), 1..7);
    let end = prop::sample::select(vec!["", ".", "!", "?", "...", ",", " :)"]);
    (words, end).prop_map(|(w, end)| format!("{}{end}", w.join(" ")))
}

fn arb_case(word: &'static str) -> impl Strategy<Value = String> {
    any::<u8>().prop_map(move |style| match style % 3 {
        0 => word.to_string(),
        1 => word.to_uppercase(),
        _ => {
            let mut c = word.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_command_word_then_prose_is_chat(
        word in prop::sample::select(WORDS).prop_flat_map(arb_case),
        prose in arb_prose(),
    ) {
        let line = format!("{word} {prose}");
        // `challenge me` challenges the player called me.
        let a_name = word.eq_ignore_ascii_case("challenge") && !prose.contains([' ', '.', '!', '?', ',']);
        prop_assume!(!a_name);
        prop_assert_eq!(parse_command(&line), None, "{:?}", line);
        let parsed = parse_mail(THREAD, &line);
        prop_assert!(parsed.commands.is_empty(), "{:?}", line);
    }

    #[test]
    fn a_near_word_then_prose_is_chat(
        word in prop::sample::select(WORDS),
        at in 0usize..8,
        prose in arb_prose(),
    ) {
        // A letter dropped from the command word: a typo, but prose follows.
        let mut typo: String = word.to_string();
        if typo.len() > 3 {
            typo.remove(at % typo.len());
        }
        let line = format!("{typo} {prose}");
        let a_name = word == "challenge" && !prose.contains([' ', '.', '!', '?', ',']);
        prop_assume!(!a_name);
        prop_assert_eq!(parse_command(&line), None, "{:?}", line);
    }
}
