//! The scoring phase: two passes
//! open it with every stone alive, `dead`/`alive` change the marking (and
//! clear the other player's acceptance), `done` accepts it (both: the game
//! ends with the count), `resume` goes back to play. The board shown for a
//! game being scored (or ended by a count) is the scored board with the
//! count and, while it is being scored, what each player can write.

use super::super::load::load_scoring;
use super::accept::turn_words;
use crate::pipeline::context::Env;
use crate::pipeline::error::{CmdResult, PipelineError, reject_in};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::ending::end_game;
use crate::pipeline::games::letters::game_letter;
use crate::pipeline::games::scored;
use crate::pipeline::report::Effect;
use crate::pipeline::words::color_name;
use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use crate::go::events::GameEvent;
use crate::go::score::{dead_strings, score_game};
use crate::go::{Color, Point};
use crate::mail::command::GameRef;
use crate::store::scoring::{self, Marking};
use crate::store::{StoredGame, clock, events, games};

/// `dead GAME POINT...` (`dead` true) and `alive GAME POINT...`.
pub(super) fn mark(c: &Cmd<'_>, game: GameRef, points: &[Point], dead: bool) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let (g, color) = load_scoring(conn, player, game)?;
    let pos = g.game.position();
    let size = pos.size();
    if let Some(p) = points
        .iter()
        .find(|p| !size.contains(**p) || pos.get(**p).is_none())
    {
        let why = format!("there is no stone at {p} in {}", g.id);
        return Err(reject_in(g.id, "no-stone", why).into());
    }
    let Some(mut m) = scored::marking(conn, &g)? else {
        return Err(reject_in(g.id, "not-scoring", format!("{} is not being scored", g.id)).into());
    };
    let strings = dead_strings(&pos, points);
    let before = m.dead.clone();
    if dead {
        m.dead.extend(strings.iter().copied());
        m.dead.sort();
        m.dead.dedup();
    } else {
        m.dead.retain(|p| !strings.contains(p));
    }
    let word = if dead { "dead" } else { "alive" };
    let list: Vec<String> = strings.iter().map(ToString::to_string).collect();
    if m.dead == before {
        let text = format!(
            "In {}, the stones at {} were marked {word} already: nothing changed.",
            g.id,
            list.join(" ")
        );
        return Ok(Effect::Acted {
            text,
            game: Some(g.id),
            letters: Vec::new(),
        });
    }
    let other = color.opponent();
    match other {
        Color::Black => m.black_done = false,
        Color::White => m.white_done = false,
    }
    m.deadline = deadline_for(env, &m);
    ensure_row(conn, &g, &m, env.now)?;
    scoring::save(conn, &m)?;
    let stones = format!(
        "{} ({} stone{})",
        list.join(" "),
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    );
    let intro = vec![format!(
        "In {}, {} ({}) marked {word} the stones at {stones}. Any acceptance of yours \
         is cleared: look at the count below.",
        g.id,
        player.name,
        color_name(color)
    )];
    let letter = game_letter(
        conn,
        env.templates,
        &g,
        g.player(other),
        "scoring",
        format!("[{}] {} marked stones {word}", g.id, player.name),
        intro,
        Vec::new(),
    )?;
    let text = format!(
        "In {}, marked {word}: {stones}. {} is told and must accept the count (done {}).",
        g.id,
        g.player(other).name,
        g.id
    );
    Ok(Effect::Acted {
        text,
        game: Some(g.id),
        letters: vec![letter],
    })
}

/// Makes sure the scoring row exists (games scored before rows were kept).
fn ensure_row(
    conn: &Connection,
    g: &StoredGame,
    m: &Marking,
    now: DateTime<Utc>,
) -> Result<(), PipelineError> {
    if scoring::load(conn, g.id, g.game.board().size())?.is_none() {
        scoring::open(conn, g.id, m.second_pass.unwrap_or(Color::White), now)?;
    }
    Ok(())
}

/// Returns the deadline: set while exactly one player has accepted.
fn deadline_for(env: &Env<'_>, m: &Marking) -> Option<DateTime<Utc>> {
    let days = i64::from(env.settings.games.scoring_deadline_days);
    (m.black_done != m.white_done).then(|| env.now + Duration::days(days))
}

/// `done GAME`: accept the marking; when both have, the game ends with the count.
pub(super) fn done(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn,
        env,
        player,
        key: source,
        ..
    } = *c;
    let (mut g, color) = load_scoring(conn, player, game)?;
    let Some(mut m) = scored::marking(conn, &g)? else {
        return Err(reject_in(g.id, "not-scoring", format!("{} is not being scored", g.id)).into());
    };
    let other = color.opponent();
    if m.done(color) {
        let text = format!(
            "You have accepted the count in {} already; it waits for {}.",
            g.id,
            g.player(other).name
        );
        return Ok(Effect::Acted {
            text,
            game: Some(g.id),
            letters: Vec::new(),
        });
    }
    match color {
        Color::Black => m.black_done = true,
        Color::White => m.white_done = true,
    }
    m.deadline = deadline_for(env, &m);
    ensure_row(conn, &g, &m, env.now)?;
    scoring::save(conn, &m)?;
    if m.black_done && m.white_done {
        let result = score_game(&g.game, &m.dead).result();
        let how = "Both players accepted the count.".to_string();
        let letters = end_game(
            conn,
            env.settings,
            env.templates,
            &mut g,
            GameEvent::Finish(result),
            &how,
            source,
            env.now,
        )?;
        let text = format!(
            "Both players accepted the count: {} is over, {result}.",
            g.id
        );
        return Ok(Effect::Acted {
            text,
            game: Some(g.id),
            letters,
        });
    }
    let until = m
        .deadline
        .map(|d| d.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default();
    let intro = vec![format!(
        "In {}, {} ({}) accepted the count below. To accept it too, send: done {}\n\
         You may also change the marking with dead or alive, or play on with resume. \
         If you do nothing, this count stands on {until}.",
        g.id,
        player.name,
        color_name(color),
        g.id
    )];
    let letter = game_letter(
        conn,
        env.templates,
        &g,
        g.player(other),
        "scoring",
        format!("[{}] {} accepted the count", g.id, player.name),
        intro,
        Vec::new(),
    )?;
    let text = format!(
        "You accepted the count in {}. {} has until {until} to accept it or change it; \
         then it stands.",
        g.id,
        g.player(other).name
    );
    Ok(Effect::Acted {
        text,
        game: Some(g.id),
        letters: vec![letter],
    })
}

/// `resume GAME`: leave the scoring phase; the player who did not make the second pass moves.
pub(super) fn resume(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn,
        env,
        player,
        key: source,
        ..
    } = *c;
    let (mut g, color) = load_scoring(conn, player, game)?;
    if g.game.apply_event(GameEvent::Resume).is_err() {
        return Err(reject_in(g.id, "game-over", format!("{} is over", g.id)).into());
    }
    events::record(
        conn,
        g.id,
        g.game.move_number(),
        GameEvent::Resume,
        source,
        env.now,
    )?;
    games::update_state(conn, g.id, &g.game, env.now)?;
    clock::start_turn(conn, g.id, env.now)?;
    let other = color.opponent();
    let intro = vec![format!(
        "In {}, {} ({}) asked to play on: the scoring phase is over and play resumes.",
        g.id,
        player.name,
        color_name(color)
    )];
    let letter = game_letter(
        conn,
        env.templates,
        &g,
        g.player(other),
        "resumed",
        format!("[{}] {} resumed play", g.id, player.name),
        intro,
        vec![turn_words(&g, other, 0)],
    )?;
    let text = format!("Play resumes in {}. {}", g.id, turn_words(&g, color, 0));
    Ok(Effect::Acted {
        text,
        game: Some(g.id),
        letters: vec![letter],
    })
}
