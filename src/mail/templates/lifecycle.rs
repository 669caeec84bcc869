//! The contexts of the game-lifecycle letters: a challenge, a challenge
//! closed unanswered, a letter about a game with its board (the first
//! board, the scored board, a warning), the end of a game, and a game
//! record sent on request.

use serde::Serialize;

use super::board::BoardCtx;

/// Context of `challenge.txt`: a player is offered a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChallengeCtx {
    /// The server's display name.
    pub server_name: String,
    /// The challenge id, the game's future name, e.g. `game12`.
    pub game: String,
    /// Who challenges.
    pub challenger: String,
    /// Who is challenged (the reader).
    pub challenged: String,
    /// The terms, one line each, e.g. `Board: 19x19`.
    pub terms: Vec<String>,
    /// Who plays which colour, in a sentence.
    pub colors: String,
    /// What `handicap auto` chose and why, or empty.
    pub why: String,
    /// When the challenge expires unanswered, e.g. `2026-12-06 10:00 UTC`.
    pub expires: String,
}

/// Context of `challenge-closed.txt`: a challenge ended without a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChallengeClosedCtx {
    /// The challenge id, e.g. `game12`.
    pub game: String,
    /// What happened, in a sentence.
    pub what: String,
}

/// Context of `game-letter.txt`: news about a game, with its board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameLetterCtx {
    /// What happened, one paragraph each.
    pub(crate) intro: Vec<String>,
    /// The board (the scored board and the count during scoring).
    pub(crate) board: BoardCtx,
    /// What the reader can do now, one paragraph each.
    pub(crate) next: Vec<String>,
}

/// Context of `game-over.txt`: the end of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOverCtx {
    /// The game, e.g. `game12`.
    pub game: String,
    /// The result, e.g. `W+3.5`.
    pub result: String,
    /// How the game ended, in a sentence.
    pub how: String,
    /// The final board (scored, with the count, when the game was counted).
    pub board: BoardCtx,
    /// The attached record's file name.
    pub sgf_name: String,
    /// What the game did to both ratings, or why it was not rated (empty
    /// when there is nothing to say).
    pub ratings: String,
    /// A tournament game's standings line (empty for other games).
    pub tournament: String,
}

/// Context of `sgf.txt`: a game record sent on request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgfCtx {
    /// The game, e.g. `game12`.
    pub game: String,
    /// Where it stands, e.g. `finished, B+R` or `move 31`.
    pub state: String,
    /// The attached record's file name.
    pub sgf_name: String,
}

impl GameLetterCtx {
    /// Returns the context of these paragraphs (the template wraps them).
    pub fn new(intro: Vec<String>, board: BoardCtx, next: Vec<String>) -> GameLetterCtx {
        GameLetterCtx { intro, board, next }
    }
}
