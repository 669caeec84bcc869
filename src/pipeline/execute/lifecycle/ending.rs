//! The end of a game and game records: [`end_game`] ends a game (by
//! agreement, the scoring deadline, resignation, time or the admin),
//! records how in the game's events and mails both players the result,
//! the final board and the SGF; `sgf GAME` mails a record on request.

use crate::pipeline::base::error::{CmdResult, reject_in};
use crate::pipeline::base::wording::ending as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::{load, load_own};
use crate::pipeline::games::ending::{Ending, end_game, game_over_letters};
use crate::pipeline::games::tournament::progress;
use crate::pipeline::record::report::Effect;

use crate::command::GameRef;
use crate::go::events::GameEvent;
use crate::mail::templates::SgfCtx;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::board::sgf::sgf_attachment;
use crate::store::{StoredGame, challenges};

/// `resign GAME`, at any time and out of turn: the game ends at once.
pub(crate) fn resign(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let (mut g, color) = load_own(c.conn, c.player, game)?;
    if g.game.result().is_some() {
        return Err(reject_in(g.id, "game-over", words::already_over(g.id)).into());
    }
    let ending = Ending {
        event: GameEvent::Resign(color),
        how: &words::resigned_how(&c.player.name, color),
        source: c.key,
        at: None,
    };
    let letters = end_game(c.conn, c.env, &mut g, &ending)?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let text = words::you_resigned(g.id, &result);
    Ok(Effect::acted(text, Some(g.id), letters))
}

/// `sgf GAME`: mails the record of any game, finished or not, to the sender.
pub(super) fn sgf(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let g = load(c.conn, game)?;
    let attachment = sgf_attachment(c.conn, &g, &c.env.settings.identity.name)?;
    let ctx = SgfCtx {
        game: g.id.to_string(),
        state: words::record_state(g.game.result(), g.game.phase(), g.game.move_number()),
        sgf_name: attachment.filename.clone(),
    };
    let text = words::record_sent(g.id, &attachment.filename);
    let letter = Letter {
        to: c.player.as_ref(),
        kind: "sgf",
        subject: words::record_subject(g.id),
        text: c.env.templates.render("sgf.txt", &ctx)?,
        game: Some(g.id),
        attachments: vec![attachment],
        essential: true,
        brief: None,
    };
    Ok(Effect::acted(text, None, vec![letter]))
}

/// A move that ended the game by itself (the repetition backstop: the
/// third repetition of a position ends play with `Void`): the move is
/// already recorded, and its move list alone rebuilds the result, so no
/// event is kept; both players get the game-over mail with the SGF.
pub(crate) fn ended_by_move(
    c: &Cmd<'_>,
    g: &StoredGame,
    mv: crate::go::Move,
    number: u32,
) -> CmdResult<Effect> {
    challenges::set_finished(c.conn, g.id, c.env.now)?;
    progress::game_ended(c.conn, c.env, g.id)?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let how = words::repetition_how(number, mv);
    let letters = game_over_letters(c.conn, c.env, g, &how, false)?;
    let text = words::ended_by_move(mv, g.id, &how, &result);
    Ok(Effect::acted(text, Some(g.id), letters))
}
