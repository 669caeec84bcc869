//! The letter that carries a player's words sent on alone (a mail with
//! only words, answering a game's mail or a challenge's): its context
//! (`words-letter.txt`) and the [`Letter`] to the other player.

use serde::Serialize;

use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::store::games::GameId;
use crate::store::players::PlayerRef;

/// Context of `words-letter.txt`: a player's words sent on alone.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordsLetterCtx {
    /// The game's name (a challenge's: the game it would become).
    pub(crate) game: String,
    /// Who wrote.
    pub(crate) from: String,
    /// Their lines, as written.
    pub(crate) lines: Vec<String>,
    /// They are about a challenge, not a game yet.
    pub(crate) challenge: bool,
    /// What the words are not, when they look like a command ("the game
    /// goes on: this is not a resignation").
    pub(crate) note: Option<String>,
}

/// The letter carrying the sender's `lines` (with `note` beside them) to
/// `to` about game (or challenge, when `challenge`) `id`. A challenge's
/// letter names no game for the outbox, threading or reply tokens: only
/// its Subject tag.
pub(in crate::pipeline::execute) fn words_letter(
    c: &Cmd<'_>,
    to: &PlayerRef,
    (id, challenge): (GameId, bool),
    lines: &[String],
    note: Option<&str>,
) -> Result<Letter, PipelineError> {
    let ctx = WordsLetterCtx {
        game: id.to_string(),
        from: c.player.name.clone(),
        lines: lines.to_vec(),
        challenge,
        note: note.map(str::to_string),
    };
    Ok(Letter {
        to: to.clone(),
        kind: "say",
        subject: words::say_subject(id, &c.player.name, &lines.join(" ")),
        text: c.env.templates.render("words-letter.txt", &ctx)?,
        game: (!challenge).then_some(id),
        attachments: Vec::new(),
        essential: true,
        brief: None,
    })
}
