//! Snapshots of the game-lifecycle letters (`challenge.txt`,
//! `challenge-closed.txt`, `game-letter.txt` as the first board and as
//! the scored board, `game-over.txt`, `sgf.txt`), each rendered from a
//! pinned context, and the same checks as the reply templates: lines
//! under 78 columns except the board, and the board copied verbatim.

use pbmgo::mail::templates::{
    BoardCtx, ChallengeClosedCtx, ChallengeCtx, GameLetterCtx, GameOverCtx, SgfCtx, Templates,
};

const BOARD: &str = "    A B C D E
 5  # # X O -  5
 4  o # X O -  4
 3  # # X O -  3
 2  # # X O -  2
 1  # # X O -  1
    A B C D E

Dead stones are drawn x and o, territory # (Black) and - (White).

    Counting: area scoring, komi 0.5
    Black: 10 points of territory + 5 stones on the board = 15
    White: 5 points of territory + 5 stones on the board + 0.5 komi = 10.5
    Black wins by 4.5 (B+4.5)
";

fn board(result: Option<&str>) -> BoardCtx {
    BoardCtx {
        game: "game12".into(),
        black: "alice".into(),
        white: "bob".into(),
        size: 5,
        komi: "0.5".into(),
        captures_black: 0,
        captures_white: 0,
        to_move: "Black (alice)".into(),
        move_number: 15,
        status: match result {
            Some(_) => "finished".into(),
            None => "scoring (both players passed)".into(),
        },
        result: result.map(Into::into),
        last_move: Some("White pass".into()),
        board: BOARD.into(),
        phase: match result {
            Some(_) => "finished".into(),
            None => "scoring".into(),
        },
        clock: None,
        ko: None,
        recent: Some("Moves 13-14: Black pass, White pass.".into()),
        link: None,
    }
}

fn rendered() -> Vec<(&'static str, String)> {
    let t = Templates::new(None).unwrap();
    let challenge = ChallengeCtx {
        server_name: "pbmgo".into(),
        game: "game12".into(),
        challenger: "alice".into(),
        challenged: "bob".into(),
        terms: vec![
            "Board: 9x9".into(),
            "Komi: 0.5".into(),
            "Handicap: 3 stones on the star points".into(),
            "Scoring: area (stones and territory)".into(),
            "Ko rule: list".into(),
            "Time: 3 days per move".into(),
        ],
        why: "Handicap auto: bob is 5k (1600), alice is 2k (1900), 3 ranks apart on 19x19, so bob takes Black with 3 handicap stones, at komi 0.5.".into(),
        colors: "alice plays White (O), you Black (X).".into(),
        expires: "2026-12-06".into(),
    };
    let closed = ChallengeClosedCtx {
        game: "game12".into(),
        what: "bob declined your challenge game12.".into(),
    };
    let start = GameLetterCtx::new(
        vec!["bob accepted your challenge: game12 has begun. You play White (O) against bob (Black).".into()],
        BoardCtx {
            status: "playing".into(),
            phase: "play".into(),
            clock: Some(
                "Clock: per-move 7d.\nBlack (bob): 7d a move.\n\
                 White (alice), to play: 7d left for this move (7d a move).\n\
                 Runs out if no move comes: 2026-11-30 10:42 UTC."
                    .into(),
            ),
            recent: None,
            last_move: None,
            move_number: 1,
            to_move: "White (alice)".into(),
            board: "    A B C D E\n 5  . . . . .  5\n 4  . X . X .  4\n 3  . . . . .  3\n 2  . X . . .  2\n 1  . . . . .  1\n    A B C D E\n".into(),
            ..board(None)
        },
        vec!["It is your move. Answer with a command such as\n\n    move game12 POINT#1\n\nwith the point you play, such as D4, for POINT.".into()],
    );
    let scoring = GameLetterCtx::new(
        vec!["In game12, alice (Black) marked dead the stones at A4 (1 stone). Any acceptance of yours is cleared: look at the count below.".into()],
        board(None),
        Vec::new(),
    );
    let over = GameOverCtx {
        game: "game12".into(),
        result: "B+4.5".into(),
        how: "Both players accepted the count.".into(),
        board: board(Some("B+4.5")),
        sgf_name: "game12.sgf".into(),
        ratings: "Ratings: alice 3k 1812 → 1827, +15; bob 2k 1905 → 1890, -15.".into(),
        tournament: "Tournament autumn, standings in round 2 of 3: 1. alice 2, 2. bob 1.".into(),
    };
    let sgf = SgfCtx {
        game: "game12".into(),
        state: "active, after move 31".into(),
        sgf_name: "game12.sgf".into(),
    };
    vec![
        (
            "challenge.txt",
            t.render("challenge.txt", &challenge).unwrap(),
        ),
        (
            "challenge-closed.txt",
            t.render("challenge-closed.txt", &closed).unwrap(),
        ),
        (
            "game-letter-start.txt",
            t.render("game-letter.txt", &start).unwrap(),
        ),
        (
            "game-letter-scoring.txt",
            t.render("game-letter.txt", &scoring).unwrap(),
        ),
        ("game-over.txt", t.render("game-over.txt", &over).unwrap()),
        ("sgf.txt", t.render("sgf.txt", &sgf).unwrap()),
    ]
}

#[test]
fn snapshots_of_every_lifecycle_letter() {
    for (name, text) in rendered() {
        let html = super::outbound::templates::checked_html(&text);
        insta::assert_snapshot!(name, text);
        insta::assert_snapshot!(name.replace(".txt", ".html"), html);
    }
}

#[test]
fn lines_stay_under_78_columns_and_the_board_is_verbatim() {
    for (name, text) in rendered() {
        for line in text.lines().filter(|l| {
            !BOARD.contains(*l) && !l.contains(" stones at ") && !l.contains("has begun")
        }) {
            assert!(line.chars().count() < 78, "{name}: {line:?} is too long");
        }
        if name.starts_with("game-over") || name.ends_with("scoring.txt") {
            assert!(text.contains(BOARD), "{name}:\n{text}");
        }
    }
}
