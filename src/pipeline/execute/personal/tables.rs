//! `standings` (every player with rank, rating and results, strongest
//! first) and `players [near]` (who there is to play: rank, active games,
//! last seen; `near`, the active players within three ranks of the sender,
//! with what stands in the way of a game).

use chrono::Duration;
use rusqlite::Connection;
use serde::Serialize;

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError};
use crate::pipeline::base::phrases::day;
use crate::pipeline::base::wording::ratings as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::Effect;
use crate::rating::Rank;
use crate::store::ratings;
use crate::store::roster::{RosterEntry, roster};
use crate::store::standings::{self, Standing};

/// How many ranks apart `players near` looks.
const NEAR_RANKS: i32 = 3;
/// A player seen within this many days counts as active for `players near`.
const ACTIVE_DAYS: i64 = 60;

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
    /// Only the players near the sender's rank (`players near`).
    pub(crate) near: bool,
    /// The sender's strength as shown (`3k (1812)`).
    pub(crate) mine: String,
    /// One line per player, the most recently seen first, in the table's columns.
    pub(crate) lines: Vec<String>,
    /// A player to show in the example `challenge` line.
    pub(crate) example: Option<String>,
}

/// Runs `standings`: the table as a block of the reply.
pub(super) fn standings(conn: &Connection, env: &Env<'_>) -> CmdResult<Effect> {
    let text = standings_text(conn, env)?;
    Ok(Effect::Text(text))
}

/// Returns the standings rendered with `standings.txt`.
fn standings_text(conn: &Connection, env: &Env<'_>) -> Result<String, PipelineError> {
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
fn table_line(s: &Standing) -> String {
    format!(
        "{:<12} {:>4} {:>6} {:>5} {:>5} {:>3}",
        s.name,
        s.rank.as_deref().unwrap_or("?"),
        s.rating,
        s.rated_games,
        format!("{}-{}", s.won, s.lost),
        s.active
    )
}

/// Runs `players` (`near`: only the active players within three ranks).
pub(super) fn players(c: &Cmd<'_>, near: bool) -> CmdResult<Effect> {
    let mine = ratings::strength(c.conn, c.player.id)?;
    let mut all = roster(c.conn)?;
    if near {
        let since = c.env.now - Duration::days(ACTIVE_DAYS);
        let me = Rank::of(mine.rating);
        all.retain(|e| {
            e.name != c.player.name
                && (e.last_seen >= since || e.active > 0)
                && Rank::of(e.strength.rating).above(me).abs() <= NEAR_RANKS
        });
    }
    let example = all.iter().find(|e| e.name != c.player.name);
    let now = c.env.now;
    let ctx = PlayersCtx {
        server_name: c.env.settings.identity.name.clone(),
        near,
        mine: mine.shown(),
        lines: all.iter().map(|e| roster_line(e, near, now)).collect(),
        example: example.map(|e| e.name.clone()),
    };
    let text = c.env.templates.render("players.txt", &ctx)?;
    Ok(Effect::Text(text.trim_end().to_string()))
}

/// Returns one player's line in the columns of `players.txt` (narrow
/// enough for a phone); `near` adds a line with their time zone and
/// vacation.
fn roster_line(e: &RosterEntry, near: bool, now: chrono::DateTime<chrono::Utc>) -> String {
    let rank = e.strength.rank().map_or("?".to_string(), |r| r.to_string());
    let mut line = format!(
        "{:<12} {:>4} {:>6} {:>3} {}",
        e.name,
        rank,
        e.strength.points(),
        e.active,
        day(e.last_seen)
    );
    if near {
        let away = e.away_until.filter(|u| *u > now);
        line += &words::near_notes(e.timezone.as_deref(), away);
    }
    line
}
