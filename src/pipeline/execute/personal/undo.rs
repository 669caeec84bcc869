//! `undo GAME`: the player who just moved asks to take it back, before the
//! opponent has answered; the opponent's `undo GAME` agrees, and the move
//! is taken back exactly (see `store::games::undo`). Any move cancels the
//! request.

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError, reject_in};
use crate::pipeline::base::phrases::minute;
use crate::pipeline::base::wording::{board::played, personal as words, replies};
use crate::pipeline::board::block::{board_ctx, with_link, with_ranks};
use crate::pipeline::board::scored::board_at;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_own;
use crate::pipeline::record::report::Effect;
use rusqlite::Connection;
use serde::Serialize;

use crate::command::GameRef;
use crate::go::{Color, Phase};
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::letter::Letter;
use crate::store::games::undo::{self, UndoRequest};
use crate::store::{StoredGame, clock, games};

/// Context of `undo-request.txt` (to the opponent) and `undo-done.txt`
/// (to the player who asked, once the opponent agreed).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct UndoCtx {
    /// The game's name.
    pub(crate) game: String,
    /// Who asked to take the move back.
    pub(crate) asker: String,
    /// Who is asked (and, in `undo-done`, agreed).
    pub(crate) other: String,
    /// The move, e.g. `Black C3`.
    pub(crate) move_text: String,
    /// Its number.
    pub(crate) move_number: u32,
    /// The board as it stands (in `undo-done`, after the take-back, with
    /// the asker's clock).
    pub(crate) board: BoardCtx,
    /// In `undo-done`: a command the asker could send for their move.
    pub(crate) example_command: String,
}

/// Runs `undo GAME` for `player`.
pub(super) fn run(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let (g, color) = load_own(conn, player, game)?;
    if g.game.phase() != Phase::Play {
        return Err(reject_in(g.id, "cannot-undo", words::not_in_play(g.id)).into());
    }
    let number = g.game.move_number();
    let other = &g.player(color.opponent()).name;
    match undo::request(conn, g.id)? {
        Some(r) if r.move_number == number && r.color == color.opponent() => {
            agree(conn, env, &g, color)
        }
        Some(r) if r.move_number == number && r.color == color => {
            let why = words::undo_pending(number, g.id, other);
            Err(reject_in(g.id, "undo-pending", why).into())
        }
        _ if asks_own_last(&g, color) => ask(conn, env, &g, color),
        _ => Err(reject_in(g.id, "cannot-undo", words::cannot_undo(g.id, other)).into()),
    }
}

/// True when the last move of `g` is the one of `color` (and not a setup).
fn asks_own_last(g: &StoredGame, color: Color) -> bool {
    matches!(g.game.last_move(), Some((c, _)) if c == color) && !g.game.history().moves().is_empty()
}

fn ctx(
    conn: &Connection,
    g: &StoredGame,
    asker: Color,
    (move_number, move_text): (u32, String),
) -> Result<UndoCtx, PipelineError> {
    let mut board = board_ctx(g);
    with_ranks(conn, g, &mut board)?;
    Ok(UndoCtx {
        game: g.id.to_string(),
        asker: g.player(asker).name.clone(),
        other: g.player(asker.opponent()).name.clone(),
        move_text,
        move_number,
        board,
        example_command: replies::example_move(g.id, g.game.move_number() + 1),
    })
}

fn last_text(g: &StoredGame) -> String {
    g.game
        .last_move()
        .map(|(c, m)| played(c, m))
        .unwrap_or_default()
}

/// Records the request and writes to the opponent.
fn ask(conn: &Connection, env: &Env<'_>, g: &StoredGame, color: Color) -> CmdResult<Effect> {
    let number = g.game.move_number();
    let request = UndoRequest {
        color,
        move_number: number,
    };
    undo::ask(conn, g.id, request)?;
    let mut c = ctx(conn, g, color, (number, last_text(g)))?;
    with_link(conn, &env.settings.web, g, &mut c.board)?;
    let letter = Letter {
        to: g.player(color.opponent()).clone(),
        kind: "undo-request",
        subject: words::undo_asked_subject(g.id, &c.asker, number, &c.move_text),
        text: env.templates.render("undo-request.txt", &c)?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
        brief: None,
    };
    let text = words::undo_asked(&c.other, number, &c.move_text, g.id);
    Ok(Effect::acted(text, Some(g.id), vec![letter]))
}

/// Takes the move back, restarts the asker's clock and tells them.
fn agree(conn: &Connection, env: &Env<'_>, g: &StoredGame, color: Color) -> CmdResult<Effect> {
    let asker = color.opponent();
    let number = g.game.move_number();
    let move_text = last_text(g);
    let before = undo::before_last(g)?;
    if before.phase() != Phase::Play {
        let why = words::cannot_take_back(number, g.id);
        return Err(reject_in(g.id, "cannot-undo", why).into());
    }
    undo::take_back(conn, g, &before, env.now)?;
    clock::start_turn(conn, g.id, env.now, env.settings.zone)?;
    let after = games::load(conn, g.id)?;
    let mut c = ctx(conn, &after, asker, (number, move_text))?;
    c.board = board_at(conn, env, &after)?;
    let due = clock::of_game(conn, g.id)?.map(|(d, _)| minute(d));
    let letter = Letter {
        to: g.player(asker).clone(),
        kind: "undo-done",
        subject: words::undo_done_subject(g.id, &c.other, (number, &c.move_text), due.as_deref()),
        text: env.templates.render("undo-done.txt", &c)?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
        brief: None,
    };
    let text = words::undo_agreed(number, &c.move_text, g.id, &c.asker);
    Ok(Effect::acted(text, Some(g.id), vec![letter]))
}
