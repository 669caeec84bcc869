//! Letters about a game that commands, `tick` and the admin all send: the
//! game letter (a few sentences, the board as it is to be shown, what to
//! do next) and the letter that a challenge is off.

use rusqlite::Connection;

use super::scored;
use crate::mail::templates::{ChallengeClosedCtx, GameLetterCtx, Templates};
use crate::pipeline::error::PipelineError;
use crate::pipeline::letters::Letter;
use crate::store::StoredGame;
use crate::store::challenges::Challenge;
use crate::store::players::PlayerRef;

/// Renders `game-letter.txt` and wraps it as an essential letter about game `g`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn game_letter(
    conn: &Connection,
    templates: &Templates,
    g: &StoredGame,
    to: &PlayerRef,
    kind: &'static str,
    subject: String,
    intro: Vec<String>,
    next: Vec<String>,
) -> Result<Letter, PipelineError> {
    let ctx = GameLetterCtx::new(intro, scored::board_ctx(conn, g)?, next);
    Ok(Letter {
        to: to.clone(),
        kind,
        subject,
        text: templates.render("game-letter.txt", &ctx)?,
        html: None,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
    })
}

/// As [`closed_letter`], with only the templates (for `tick`).
pub(crate) fn closed_letter_with(
    templates: &Templates,
    c: &Challenge,
    to: &PlayerRef,
    what: String,
) -> Result<Letter, PipelineError> {
    let ctx = ChallengeClosedCtx {
        game: c.id.to_string(),
        what,
    };
    Ok(Letter {
        to: to.clone(),
        kind: "challenge-closed",
        subject: format!("[{}] The challenge is off", c.id),
        text: templates.render("challenge-closed.txt", &ctx)?,
        html: None,
        game: None,
        attachments: Vec::new(),
        essential: false,
    })
}
