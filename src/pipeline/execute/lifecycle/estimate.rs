//! `estimate GAME`: the server's proposed count of a finished game's final
//! position, for review (the same proposal two passes would have opened
//! the scoring phase with): the stones it finds dead, the count they give
//! under the game's rules, and the scored board, in the transcript.
//! Refused while the game is played or scored (`estimate-in-play`): the
//! proposal must not help a player during the game. A finished game's
//! position never changes, so its proposal is computed once and kept
//! (`store::estimates`); a mail asking twice is answered once (`once`).

use crate::command::GameRef;
use crate::go::board::Board;
use crate::go::estimate::propose;
use crate::go::render::{Marks, render_scored};
use crate::go::score::score_game;
use crate::go::{Phase, Point};
use crate::pipeline::base::error::{CmdResult, PipelineError, reject_in};
use crate::pipeline::base::wording::scoring as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load;
use crate::pipeline::record::report::Effect;
use crate::store::StoredGame;
use crate::store::estimates::{self, At};

/// `estimate GAME`: the proposal for any finished game, in the transcript.
pub(super) fn estimate(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let g = load(c.conn, game)?;
    match g.game.phase() {
        Phase::Finished => {
            let dead = kept_or_proposed(c, &g)?;
            Ok(Effect::Text(proposal_text(&g, dead)))
        }
        Phase::Play => {
            Err(reject_in(g.id, "estimate-in-play", words::estimate_in_play(g.id)).into())
        }
        Phase::Scoring => {
            Err(reject_in(g.id, "estimate-in-play", words::estimate_while_scored(g.id)).into())
        }
    }
}

/// The stones proposed dead in finished `g`: as kept, else proposed now
/// and kept.
fn kept_or_proposed(c: &Cmd<'_>, g: &StoredGame) -> Result<Vec<Point>, PipelineError> {
    let position = g.game.position();
    let at = At {
        moves: g.game.move_number(),
        hash: Board::from_position(&position).hash(),
    };
    if let Some(dead) = estimates::load(c.conn, g.id, at, position.size())? {
        return Ok(dead);
    }
    let dead = propose(&position);
    estimates::keep(c.conn, g.id, at, &dead, c.env.now)?;
    Ok(dead)
}

/// The proposal for `g` with the stones `dead`: a sentence, the scored
/// board (indented, so it is laid out as drawn), the legend and the count
/// under the game's rules (indented too: its lines stay lines in both
/// parts).
fn proposal_text(g: &StoredGame, dead: Vec<Point>) -> String {
    let score = score_game(&g.game, &dead);
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let marks = Marks {
        dead: dead.clone(),
        territory: score.territory.clone(),
    };
    let board: Vec<String> = render_scored(&g.game.position(), &marks)
        .lines()
        .map(|l| format!("  {l}"))
        .collect();
    let count: String = score.lines().iter().map(|l| format!("    {l}\n")).collect();
    format!(
        "{}\n\n{}\n\n{}\n\n{count}",
        words::estimate_intro(g.id, &dead, &result),
        board.join("\n"),
        words::legend(),
    )
}
