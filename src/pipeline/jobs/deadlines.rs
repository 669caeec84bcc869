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

use crate::go::events::GameEvent;
use crate::go::score::score_game;
use crate::go::{Color, Phase};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::{challenge as challenge_words, scoring as words};
use crate::pipeline::games::ending::{Ending, end_game};
use crate::pipeline::games::game_letter::{GameLetter, closed_letter_with, game_letter};
use crate::pipeline::mailing::letters::{self, Origin};
use crate::store::challenges::{self, Challenge, Status};
use crate::store::codec::time_text;
use crate::store::notices;
use crate::store::scoring::{self, Marking};
use crate::store::{GameId, StoredGame, games};

/// Expires old challenges and ends or warns about scoring phases at
/// `env.now`; returns how many letters were queued.
pub(crate) fn run(conn: &Connection, env: &Env<'_>) -> Result<u32, PipelineError> {
    let mut sent = 0;
    for c in challenges::due(conn, env.now)? {
        sent += expire(conn, env, &c)?;
    }
    for (id, deadline) in scoring::deadlines_before(conn, env.now + Duration::days(1))? {
        sent += scoring_deadline(conn, env, id, deadline)?;
    }
    Ok(sent)
}

/// Ends the scoring phase of game `id` when its `deadline` has passed, or
/// warns of it the day before.
fn scoring_deadline(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
    deadline: DateTime<Utc>,
) -> Result<u32, PipelineError> {
    let g = games::load(conn, id)?;
    let Some(m) = scoring::load(conn, id, g.game.board().size())? else {
        return Ok(0);
    };
    if g.game.phase() != Phase::Scoring {
        return Ok(0);
    }
    match deadline <= env.now {
        true => stand(conn, env, g, &m),
        false => warn(conn, env, &g, &m, deadline),
    }
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
        known: None,
    };
    Ok(u32::from(letters::queue(conn, env, letter, &origin)?))
}

/// Closes an unanswered challenge and tells both players.
fn expire(conn: &Connection, env: &Env<'_>, c: &Challenge) -> Result<u32, PipelineError> {
    if !challenges::close(conn, c.id, Status::Expired, env.now)? {
        return Ok(0);
    }
    let (challenger, challenged) = (&c.challenger, &c.challenged);
    let what =
        challenge_words::expired_letter(c.id, &challenger.name, &challenged.name, c.expires_at);
    let mut sent = 0;
    for (i, to) in [challenger, challenged].into_iter().enumerate() {
        let letter = closed_letter_with(env.templates, c, to, what.clone())?;
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
    let (id, to, key) = (g.id, g.player(late), time_text(deadline));
    if !notices::first(
        conn,
        Some(id),
        Some(to.id),
        "scoring-warning",
        &key,
        env.now,
    )? {
        return Ok(0);
    }
    let accepted = &g.player(late.opponent()).name;
    let what = GameLetter {
        to,
        kind: "scoring-warning",
        intro: vec![words::waiting_intro(id, accepted, deadline)],
        next: vec![words::waiting_next(id)],
    };
    let letter = game_letter(conn, env, g, what)?;
    queue(conn, env, &letter, &format!("scoring-warning:{id}:{key}"))
}

/// Ends the game with the marking as it stands.
fn stand(
    conn: &Connection,
    env: &Env<'_>,
    mut g: StoredGame,
    m: &Marking,
) -> Result<u32, PipelineError> {
    let result = score_game(&g.game, &m.dead).result();
    let how = match waiting(m) {
        Some(late) => words::stands_how(
            &g.player(late.opponent()).name,
            &g.player(late).name,
            env.settings.games.scoring_deadline_days,
        ),
        None => words::deadline_passed_how().to_string(),
    };
    let ending = Ending {
        event: GameEvent::Finish(result),
        how: &how,
        source: "tick",
        at: None,
    };
    let letters = end_game(conn, env, &mut g, &ending)?;
    let mut sent = 0;
    for (i, letter) in letters.iter().enumerate() {
        sent += queue(conn, env, letter, &format!("scoring-deadline:{}:{i}", g.id))?;
    }
    Ok(sent)
}
