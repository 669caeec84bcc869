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
    /// Returns the context with each paragraph wrapped at 72 columns
    /// (lines indented by four spaces, such as commands, are kept as written).
    pub fn new(intro: Vec<String>, board: BoardCtx, next: Vec<String>) -> GameLetterCtx {
        let wrap_all = |v: Vec<String>| v.iter().map(|p| wrap(p, 72)).collect();
        GameLetterCtx {
            intro: wrap_all(intro),
            board,
            next: wrap_all(next),
        }
    }
}

/// Wraps each line of `text` at `width` columns, except indented lines.
pub(crate) fn wrap(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("    ") || line.chars().count() <= width {
            out.push(line.to_string());
            continue;
        }
        let mut current = String::new();
        for word in line.split_whitespace() {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_keeps_indented_lines_and_short_ones() {
        let text = "one two three four five six\n    move game1 C3#1\nshort";
        assert_eq!(
            wrap(text, 10),
            "one two\nthree four\nfive six\n    move game1 C3#1\nshort"
        );
    }
}
