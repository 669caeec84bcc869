//! `say GAME TEXT...`: a message to the opponent, kept in the game's
//! record and mailed to them.

use crate::pipeline::base::error::{CmdResult, PipelineError};
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_own;
use crate::pipeline::record::report::Effect;
use rusqlite::Connection;
use serde::Serialize;

use crate::command::GameRef;
use crate::pipeline::base::letter::Letter;
use crate::store::players::PlayerRef;
use crate::store::{comments, reach};

/// Context of `say.txt`: a player's message to their opponent.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SayCtx {
    /// The game's name.
    pub(crate) game: String,
    /// Who wrote.
    pub(crate) from: String,
    /// Their message, as written.
    pub(crate) text: String,
}

/// Runs `say GAME TEXT` for `player`: the words are kept in the game's
/// record and mailed to the opponent, unless the opponent has `notify off`
/// or the admin disabled them. Refused (`say-limit`) once the player left
/// `says_per_game_per_hour` words in the game within the hour.
pub(super) fn say(c: &Cmd<'_>, game: GameRef, text: &str) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let (g, color) = load_own(conn, player, game)?;
    let max = env.settings.says_per_game_per_hour;
    let since = env.now - chrono::Duration::hours(1);
    if comments::count_since(conn, g.id, color, since)? >= max {
        let why = words::say_limit(g.id, max);
        return Err(crate::pipeline::base::error::reject("say-limit", why).into());
    }
    let at = g.game.move_number();
    comments::record(conn, g.id, at, color, &[text.to_string()], c.key, env.now)?;
    let to = g.player(color.opponent()).clone();
    if let Some(kept) = not_mailed(conn, &to)? {
        return Ok(Effect::acted(kept, None, Vec::new()));
    }
    let ctx = SayCtx {
        game: g.id.to_string(),
        from: player.name.clone(),
        text: text.to_string(),
    };
    let letter = Letter {
        to: to.clone(),
        kind: "say",
        subject: words::say_subject(g.id, &player.name, text),
        text: env.templates.render("say.txt", &ctx)?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
        brief: None,
    };
    Ok(Effect::acted(
        words::message_sent(&to.name),
        None,
        vec![letter],
    ))
}

/// Why `to` gets no `say` mail, in words for the sender: the admin
/// disabled them, or they have `notify off`; `None` when they get it.
fn not_mailed(conn: &Connection, to: &PlayerRef) -> Result<Option<String>, PipelineError> {
    let Some(reach) = reach::player(conn, to.id)? else {
        return Ok(None);
    };
    Ok(if reach.disabled {
        Some(words::say_kept_disabled(&to.name))
    } else if reach.notify.as_deref() == Some("off") {
        Some(words::say_kept(&to.name))
    } else {
        None
    })
}
