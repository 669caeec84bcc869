//! The end of a game and game records: [`end_game`] ends a game (by
//! agreement, the scoring deadline, resignation, time or the admin),
//! records how in the game's events and mails both players the result,
//! the final board and the SGF; `sgf GAME` mails a record on request.

use super::super::load::{load, load_own};
use crate::pipeline::error::{CmdResult, reject_in};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::ending::{end_game, game_over_letters};
use crate::pipeline::report::Effect;
use crate::pipeline::words::color_name;

use crate::go::events::GameEvent;
use crate::mail::command::GameRef;
use crate::mail::templates::SgfCtx;
use crate::pipeline::letters::Letter;
use crate::pipeline::records::sgf_attachment;
use crate::store::{StoredGame, challenges};

/// `resign GAME`, at any time and out of turn: the game ends at once.
pub(crate) fn resign(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn,
        env,
        player,
        key: source,
        ..
    } = *c;
    let (mut g, color) = load_own(conn, player, game)?;
    if g.game.result().is_some() {
        let why = format!("{} is already over", g.id);
        return Err(reject_in(g.id, "game-over", why).into());
    }
    let how = format!("{} ({}) resigned.", player.name, color_name(color));
    let letters = end_game(
        conn,
        env.settings,
        env.templates,
        &mut g,
        GameEvent::Resign(color),
        &how,
        source,
        env.now,
    )?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    Ok(Effect::Acted {
        text: format!("You resigned {}: {result}.", g.id),
        game: Some(g.id),
        letters,
    })
}

/// `sgf GAME`: mails the record of any game, finished or not, to the sender.
pub(super) fn sgf(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let g = load(conn, game)?;
    let attachment = sgf_attachment(&g);
    let state = match g.game.result() {
        Some(r) => format!("finished, {r}"),
        None => format!(
            "{}, after move {}",
            g.game.phase().name(),
            g.game.move_number()
        ),
    };
    let ctx = SgfCtx {
        game: g.id.to_string(),
        state,
        sgf_name: attachment.filename.clone(),
    };
    let letter = Letter {
        to: player.as_ref(),
        kind: "sgf",
        subject: format!("[{}] The game record", g.id),
        text: env.templates.render("sgf.txt", &ctx)?,
        html: None,
        game: Some(g.id),
        attachments: vec![attachment],
        essential: true,
    };
    let text = format!(
        "The record of {} comes in a separate mail, as {}.",
        g.id, letter.attachments[0].filename
    );
    Ok(Effect::Acted {
        text,
        game: None,
        letters: vec![letter],
    })
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
    let Cmd { conn, env, .. } = *c;
    challenges::set_finished(conn, g.id, env.now)?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let how = format!(
        "Move {number} ({mv}) repeated a whole-board position for the third time, so \
         play ended without a winner."
    );
    let letters = game_over_letters(conn, env.templates, g, &how)?;
    Ok(Effect::Acted {
        text: format!("You played {mv} in {}. {how} Result: {result}.", g.id),
        game: Some(g.id),
        letters,
    })
}
