//! `say GAME TEXT...` (a message to the opponent), `standings` (the
//! table of players with their Elo ratings) and `players` (who there is
//! to play: rating, active games, last seen).

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError};
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_own;
use crate::pipeline::record::report::Effect;
use rusqlite::Connection;
use serde::Serialize;

use crate::command::GameRef;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::phrases::day;
use crate::store::players::PlayerRef;
use crate::store::roster::{RosterEntry, roster};
use crate::store::standings::{self, Standing};
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

/// Context of `standings.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct StandingsCtx {
    /// The server's display name.
    pub(crate) server_name: String,
    /// One line per player, highest rating first, in the table's columns.
    pub(crate) lines: Vec<String>,
}

/// Context of `players.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayersCtx {
    /// The server's display name.
    pub(crate) server_name: String,
    /// One line per player, the most recently seen first, in the table's columns.
    pub(crate) lines: Vec<String>,
    /// A player to show in the example `challenge` line.
    pub(crate) example: Option<String>,
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
    if let Some(kept) = not_mailed(conn, env, &to)? {
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
fn not_mailed(
    conn: &Connection,
    env: &Env<'_>,
    to: &PlayerRef,
) -> Result<Option<String>, PipelineError> {
    let Some(reach) = reach::player(conn, to.id, env.now)? else {
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

/// Runs `standings`: the table as a block of the reply.
pub(super) fn standings(conn: &Connection, env: &Env<'_>) -> CmdResult<Effect> {
    let text = standings_text(conn, env)?;
    Ok(Effect::Text(text))
}

/// Returns the standings rendered with `standings.txt`.
pub(crate) fn standings_text(conn: &Connection, env: &Env<'_>) -> Result<String, PipelineError> {
    let ctx = StandingsCtx {
        server_name: env.settings.identity.name.clone(),
        lines: standings::table(conn)?.iter().map(table_line).collect(),
    };
    Ok(env
        .templates
        .render("standings.txt", &ctx)?
        .trim_end()
        .to_string())
}

/// Returns one player's line in the columns of `standings.txt`.
pub(crate) fn table_line(s: &Standing) -> String {
    format!(
        "{:<20} {:>4}  {:>5}  {:>6}  {:>6}",
        s.name, s.won, s.lost, s.active, s.rating
    )
}

/// Runs `players`: who there is to play, as a block of the reply.
pub(super) fn players(c: &Cmd<'_>) -> CmdResult<Effect> {
    let all = roster(c.conn)?;
    let example = all.iter().find(|e| e.name != c.player.name);
    let ctx = PlayersCtx {
        server_name: c.env.settings.identity.name.clone(),
        lines: all.iter().map(roster_line).collect(),
        example: example.map(|e| e.name.clone()),
    };
    let text = c.env.templates.render("players.txt", &ctx)?;
    Ok(Effect::Text(text.trim_end().to_string()))
}

/// Returns one player's line in the columns of `players.txt`.
fn roster_line(e: &RosterEntry) -> String {
    format!(
        "{:<21} {:>6}  {:>6}  {}",
        e.name,
        e.rating,
        e.active,
        day(e.last_seen)
    )
}
