//! The server's proposed count as the CLI shows it (`replay --estimate`,
//! `game show --estimate`): the `"estimate"` JSON object, pinned as
//! `{"dead": ["C8", "D8"], "result": "B+2.5"}` (every point with a stone
//! proposed dead, sorted; the result under the game's own scoring and
//! komi), and the same in text with the scored board.

use serde::Serialize;

use crate::go::estimate::propose_game;
use crate::go::render::{Marks, render_scored};
use crate::go::{Game, Point};

/// The pinned `"estimate"` object.
#[derive(Debug, Serialize)]
pub(crate) struct JsonEstimate {
    dead: Vec<String>,
    result: String,
}

/// Returns the proposal for `game`'s position as the JSON object.
pub(crate) fn json(game: &Game) -> JsonEstimate {
    let (dead, score) = propose_game(game);
    JsonEstimate {
        dead: dead.iter().map(ToString::to_string).collect(),
        result: score.result().to_string(),
    }
}

/// Returns the proposal for `game`'s position in text: the dead stones,
/// the scored board and the count.
pub(crate) fn text(game: &Game) -> String {
    let (dead, score) = propose_game(game);
    let marks = Marks {
        dead: dead.clone(),
        territory: score.territory.clone(),
    };
    format!(
        "\nProposed count: {}\n{}\n{}\n",
        dead_line(&dead),
        render_scored(&game.position(), &marks),
        score.lines().join("\n")
    )
}

fn dead_line(dead: &[Point]) -> String {
    match dead.len() {
        0 => "no stones dead.".into(),
        n => {
            let names: Vec<String> = dead.iter().map(ToString::to_string).collect();
            format!(
                "{n} stone{} dead: {}.",
                if n == 1 { "" } else { "s" },
                names.join(" ")
            )
        }
    }
}
