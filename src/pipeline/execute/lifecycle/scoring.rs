//! The scoring phase: two passes
//! open it with the server's proposal marked (`go::estimate`), `dead`/`alive` change the marking (and
//! clear the other player's acceptance), `done` accepts it (both: the game
//! ends with the count), `resume` goes back to play. The board shown for a
//! game being scored (or ended by a count) is the scored board with the
//! count and, while it is being scored, what each player can write.

use super::accept::turn_words;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError, reject_in};
use crate::pipeline::base::wording::{play as play_words, scoring as words};
use crate::pipeline::board::scored;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_scoring;
use crate::pipeline::games::ending::{Ending, end_game};
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::record::report::Effect;
use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use crate::command::GameRef;
use crate::go::events::GameEvent;
use crate::go::score::{dead_strings, score_game};
use crate::go::{Color, Point};
use crate::store::scoring::{self, Marking};
use crate::store::{StoredGame, clock, events, games};

/// `dead GAME POINT...` (`dead` true) and `alive GAME POINT...`.
pub(super) fn mark(c: &Cmd<'_>, game: GameRef, points: &[Point], dead: bool) -> CmdResult<Effect> {
    let (g, color) = load_scoring(c.conn, c.player, game)?;
    check_stones(&g, points)?;
    let mut m = marking_of(c.conn, &g)?;
    let strings = dead_strings(&g.game.position(), points);
    if !remark(&mut m, &strings, dead) {
        let text = words::marked_already(g.id, &strings, dead);
        return Ok(Effect::acted(text, Some(g.id), Vec::new()));
    }
    m.count += 1;
    m.changed_by = Some(c.key.to_string());
    let other = color.opponent();
    set_done(&mut m, other, false);
    save(c, &g, &mut m)?;
    let (id, name, stones) = (g.id, &c.player.name, words::stones(&strings));
    let what = GameLetter {
        to: g.player(other),
        kind: "scoring",
        intro: vec![words::marked_intro(id, name, color, dead, &stones)],
        next: Vec::new(),
    };
    let letter = game_letter(c.conn, c.env, &g, what)?;
    let text = words::marked(id, dead, &stones, &g.player(other).name);
    Ok(Effect::acted(text, Some(id), vec![letter]))
}

/// Refuses points of `dead`/`alive` where `g` has no stone.
fn check_stones(g: &StoredGame, points: &[Point]) -> CmdResult<()> {
    let pos = g.game.position();
    let size = pos.size();
    match points
        .iter()
        .find(|p| !size.contains(**p) || pos.get(**p).is_none())
    {
        Some(p) => Err(reject_in(g.id, "no-stone", words::no_stone(*p, g.id)).into()),
        None => Ok(()),
    }
}

/// Returns the marking of `g`, or the refusal when it has none.
fn marking_of(conn: &Connection, g: &StoredGame) -> CmdResult<Marking> {
    match scored::marking(conn, g)? {
        Some(m) => Ok(m),
        None => Err(reject_in(g.id, "not-scoring", words::not_being_scored(g.id)).into()),
    }
}

/// Marks `strings` dead (or alive again); returns whether that changed `m`.
fn remark(m: &mut Marking, strings: &[Point], dead: bool) -> bool {
    let before = m.dead.clone();
    if dead {
        m.dead.extend(strings.iter().copied());
        m.dead.sort();
        m.dead.dedup();
    } else {
        m.dead.retain(|p| !strings.contains(p));
    }
    m.dead != before
}

/// Sets whether the player of `color` has accepted the marking.
fn set_done(m: &mut Marking, color: Color, done: bool) {
    match color {
        Color::Black => m.black_done = done,
        Color::White => m.white_done = done,
    }
}

/// Saves the changed marking of `g` with its deadline.
fn save(c: &Cmd<'_>, g: &StoredGame, m: &mut Marking) -> CmdResult<()> {
    m.deadline = deadline_for(c.env, m);
    ensure_row(c.conn, g, m, c.env.now)?;
    scoring::save(c.conn, m)?;
    Ok(())
}

/// Makes sure the scoring row exists (games scored before rows were kept).
fn ensure_row(
    conn: &Connection,
    g: &StoredGame,
    m: &Marking,
    now: DateTime<Utc>,
) -> Result<(), PipelineError> {
    if scoring::load(conn, g.id, g.game.board().size())?.is_none() {
        let second = m.second_pass.unwrap_or(Color::White);
        scoring::open(conn, g.id, second, &m.dead, now)?;
    }
    Ok(())
}

/// Returns the deadline: set while exactly one player has accepted.
fn deadline_for(env: &Env<'_>, m: &Marking) -> Option<DateTime<Utc>> {
    let days = i64::from(env.settings.games.scoring_deadline_days);
    (m.black_done != m.white_done).then(|| env.now + Duration::days(days))
}

/// `done GAME[#K]`: accept the marking; when both have, the game ends
/// with the count. A `done` that answers another count than the one that
/// stands (named as `#K`, or shown in the mail it replies to) is refused.
pub(super) fn done(c: &Cmd<'_>, game: GameRef, count: Option<u32>) -> CmdResult<Effect> {
    let (mut g, color) = load_scoring(c.conn, c.player, game)?;
    let mut m = marking_of(c.conn, &g)?;
    let (id, other) = (g.id, color.opponent());
    let own_change = m.changed_by.as_deref() == Some(c.key);
    let seen = match (count, c.answers) {
        (Some(k), _) => Some(k),
        (None, Some(answered)) if !own_change => scoring::count_of_mail(c.conn, answered, id)?,
        _ => None,
    };
    if let Some(k) = seen.filter(|k| *k != m.count) {
        let why = words::stale_count(id, k, m.count);
        return Err(reject_in(id, "stale-count", why).into());
    }
    if m.done(color) {
        let text = words::accepted_already(id, &g.player(other).name);
        return Ok(Effect::acted(text, Some(id), Vec::new()));
    }
    set_done(&mut m, color, true);
    save(c, &g, &mut m)?;
    if m.black_done && m.white_done {
        return count_stands(c, &mut g, &m);
    }
    let what = GameLetter {
        to: g.player(other),
        kind: "scoring",
        intro: vec![words::accepted_intro(id, &c.player.name, color, m.deadline)],
        next: Vec::new(),
    };
    let letter = game_letter(c.conn, c.env, &g, what)?;
    let text = words::you_accepted(id, &g.player(other).name, m.deadline);
    Ok(Effect::acted(text, Some(id), vec![letter]))
}

/// Both players accepted marking `m`: `g` ends with the count.
fn count_stands(c: &Cmd<'_>, g: &mut StoredGame, m: &Marking) -> CmdResult<Effect> {
    let result = score_game(&g.game, &m.dead).result();
    let ending = Ending {
        event: GameEvent::Finish(result),
        how: words::both_accepted_how(),
        source: c.key,
        at: None,
    };
    let letters = end_game(c.conn, c.env, g, &ending)?;
    let text = words::both_accepted(g.id, result);
    Ok(Effect::acted(text, Some(g.id), letters))
}

/// `resume GAME`: leave the scoring phase; the player who did not make the second pass moves.
pub(super) fn resume(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let (mut g, color) = load_scoring(c.conn, c.player, game)?;
    let (id, now) = (g.id, c.env.now);
    if g.game.apply_event(GameEvent::Resume).is_err() {
        return Err(reject_in(id, "game-over", play_words::is_over(id)).into());
    }
    events::record(
        c.conn,
        id,
        g.game.move_number(),
        GameEvent::Resume,
        c.key,
        now,
    )?;
    games::update_state(c.conn, id, &g.game, now)?;
    clock::start_turn(c.conn, id, now, c.env.settings.zone)?;
    let other = color.opponent();
    let what = GameLetter {
        to: g.player(other),
        kind: "resumed",
        intro: vec![words::resumed_intro(id, &c.player.name, color)],
        next: vec![turn_words(&g, other, 0)],
    };
    let letter = game_letter(c.conn, c.env, &g, what)?;
    let text = words::play_resumes(id, &turn_words(&g, color, 0));
    Ok(Effect::acted(text, Some(id), vec![letter]))
}
