//! Deadlines that pass without anyone writing: challenges that expire and
//! scoring phases whose deadline ends them. Run by `pbmgo tick`.
//!
//! Owns what happens when such a deadline passes (and the warning one day
//! before the scoring deadline); queues its letters through `letters`, each
//! notice once: an expired challenge is closed once, a game ended by its
//! deadline leaves the scoring phase, and the warning is recorded with
//! `store::notices::first` under the deadline it warns of.

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use super::games::ending::end_game;
use super::games::scored::board_ctx as scored_board_ctx;
use super::letters::{self, Letter, Origin};
use super::{Env, PipelineError};
use crate::go::events::GameEvent;
use crate::go::score::score_game;
use crate::go::{Color, Phase};
use crate::mail::templates::GameLetterCtx;
use crate::store::challenges::{self, Challenge, Status};
use crate::store::codec::time_text;
use crate::store::notices;
use crate::store::scoring::{self, Marking};
use crate::store::{StoredGame, games};

/// Expires old challenges and ends or warns about scoring phases at
/// `env.now`; returns how many letters were queued.
pub fn run(conn: &Connection, env: &Env<'_>) -> Result<u32, PipelineError> {
    let now = env.now;
    let mut sent = 0;
    for c in challenges::due(conn, now)? {
        sent += expire(conn, env, &c)?;
    }
    for (id, deadline) in scoring::deadlines_before(conn, now + Duration::days(1))? {
        let g = games::load(conn, id)?;
        let Some(m) = scoring::load(conn, id, g.game.board().size())? else {
            continue;
        };
        if g.game.phase() != Phase::Scoring {
            continue;
        }
        sent += match deadline <= now {
            true => stand(conn, env, g, &m)?,
            false => warn(conn, env, &g, &m, deadline)?,
        };
    }
    Ok(sent)
}

/// Queues `letter`; returns 1 when it was queued.
fn queue(
    conn: &Connection,
    env: &Env<'_>,
    letter: &Letter,
    unique: &str,
) -> Result<u32, PipelineError> {
    let origin = Origin {
        unique,
        inbound_id: None,
    };
    Ok(u32::from(letters::queue(conn, env, letter, &origin)?))
}

/// Closes an unanswered challenge and tells both players.
fn expire(conn: &Connection, env: &Env<'_>, c: &Challenge) -> Result<u32, PipelineError> {
    if !challenges::close(conn, c.id, Status::Expired, env.now)? {
        return Ok(0);
    }
    let what = format!(
        "The challenge {} from {} to {} expired: it was not answered by {}.",
        c.id,
        c.challenger.name,
        c.challenged.name,
        c.expires_at.format("%Y-%m-%d")
    );
    let mut sent = 0;
    for (i, to) in [&c.challenger, &c.challenged].into_iter().enumerate() {
        let letter = super::games::letters::closed_letter_with(env.templates, c, to, what.clone())?;
        sent += queue(conn, env, &letter, &format!("expire:{}:{i}", c.id))?;
    }
    Ok(sent)
}

/// Returns the player who has not accepted the marking.
fn waiting(m: &Marking) -> Option<Color> {
    match (m.black_done, m.white_done) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// Warns the player who has not accepted, once per deadline.
fn warn(
    conn: &Connection,
    env: &Env<'_>,
    g: &StoredGame,
    m: &Marking,
    deadline: DateTime<Utc>,
) -> Result<u32, PipelineError> {
    let Some(late) = waiting(m) else {
        return Ok(0);
    };
    let to = g.player(late);
    let key = time_text(deadline);
    if !notices::first(conn, g.id.get(), to.id, "scoring-warning", &key, env.now)? {
        return Ok(0);
    }
    let id = g.id;
    let intro = vec![format!(
        "In {id}, {} accepted the count below and waits for you. If you do nothing, \
         it stands on {} and the game ends with it.",
        g.player(late.opponent()).name,
        deadline.format("%Y-%m-%d %H:%M UTC")
    )];
    let next = vec![format!(
        "To accept it, send: done {id}\nTo change it: dead {id} POINT... or alive {id} POINT...\n\
         To play on: resume {id}"
    )];
    let ctx = GameLetterCtx::new(intro, scored_board_ctx(conn, g)?, next);
    let letter = Letter {
        to: to.clone(),
        kind: "scoring-warning",
        subject: format!("[{id}] The count stands tomorrow unless you answer"),
        text: env.templates.render("game-letter.txt", &ctx)?,
        html: None,
        game: Some(id),
        attachments: Vec::new(),
        essential: true,
    };
    queue(conn, env, &letter, &format!("scoring-warning:{id}:{key}"))
}

/// Ends the game with the marking as it stands.
fn stand(
    conn: &Connection,
    env: &Env<'_>,
    mut g: StoredGame,
    m: &Marking,
) -> Result<u32, PipelineError> {
    let (settings, templates, now) = (env.settings, env.templates, env.now);
    let result = score_game(&g.game, &m.dead).result();
    let how = match waiting(m) {
        Some(late) => format!(
            "{} accepted the count and {} did not answer within {} days, so it stands.",
            g.player(late.opponent()).name,
            g.player(late).name,
            settings.games.scoring_deadline_days
        ),
        None => "The scoring deadline passed, so the count stands.".to_string(),
    };
    let event = GameEvent::Finish(result);
    let letters = end_game(conn, settings, templates, &mut g, event, &how, "tick", now)?;
    let mut sent = 0;
    for (i, letter) in letters.iter().enumerate() {
        sent += queue(conn, env, letter, &format!("scoring-deadline:{}:{i}", g.id))?;
    }
    Ok(sent)
}
