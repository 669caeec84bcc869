//! Game records: a stored game as an SGF record (what `pbmgo game sgf`
//! prints and what the end-of-game and `sgf` mails attach), with the game's
//! name, dates and place, its time terms (`TM`/`OT`) and what each move
//! left on its mover's clock (`BL`/`WL`, `OB`/`OW`), the players' words at
//! the moves they came with (not in the web archive's record), and for a
//! counted game the territory, the dead stones and the count.
//!
//! `OT` is written as OGS writes it (and KGS for the first two):
//! `5x86400 byo-yomi`, `10/604800 Canadian`, `86400 fischer` (the bonus;
//! a cap is not part of it) and `604800 simple` (per move); an absolute
//! clock has only `TM`, a game without a clock neither.

use rusqlite::Connection;

use crate::clock::System;
use crate::go::score::score_game;
use crate::go::sgf::{SgfInfo, SgfRecord, TimeLeft, write_sgf};
use crate::go::{Color, GameResult, Phase, Scoring};
use crate::mail::outbound::Attachment;
use crate::store::scoring::{self, Marking};
use crate::store::{StoreError, StoredGame, comments, move_clocks, ratings, time_terms};

/// Returns the SGF record of a stored game: its start position (handicap
/// stones as setup), players, rules, dates, result and every move, with
/// the players' comments; `place` is the server's name (`PC`).
pub(crate) fn sgf_record(
    conn: &Connection,
    stored: &StoredGame,
    place: &str,
) -> Result<SgfRecord, StoreError> {
    let mut record = public_sgf_record(conn, stored, place)?;
    let mut words = player_comments(conn, stored)?;
    words.append(&mut record.info.comments);
    record.info.comments = words;
    Ok(record)
}

/// [`sgf_record`] without the players' words, which are theirs alone:
/// the record the web archive publishes (the count stays).
pub(crate) fn public_sgf_record(
    conn: &Connection,
    stored: &StoredGame,
    place: &str,
) -> Result<SgfRecord, StoreError> {
    let state = stored.game.state();
    let stones = |c: Color| -> Vec<_> {
        let start = &state.start;
        start
            .size()
            .all_points()
            .filter(|&p| start.get(p) == Some(c))
            .collect()
    };
    let mut info = SgfInfo {
        game_name: Some(format!(
            "{}: {} vs {}",
            stored.id, stored.black.name, stored.white.name
        )),
        place: Some(place.to_string()).filter(|p| !p.trim().is_empty()),
        black_rank: rank(conn, stored.black.id)?,
        white_rank: rank(conn, stored.white.id)?,
        ..SgfInfo::default()
    };
    add_clock(conn, &mut info, stored)?;
    if let Some(m) = counted_marking(conn, stored)? {
        add_count(&mut info, stored, &m);
    }
    Ok(SgfRecord {
        size: state.start.size(),
        komi: state.rules.komi,
        handicap: state.handicap,
        setup_black: stones(Color::Black),
        setup_white: stones(Color::White),
        black_name: stored.black.name.clone(),
        white_name: stored.white.name.clone(),
        date: Some(dates(stored)),
        rules: Some(
            match state.rules.scoring {
                Scoring::Area => "Chinese",
                Scoring::Territory => "Japanese",
            }
            .to_string(),
        ),
        result: state.result.map(|r| r.to_string()),
        moves: state.moves,
        info,
    })
}

/// `BR`/`WR`: a player's rank, once it is known.
fn rank(conn: &Connection, id: crate::store::PlayerId) -> Result<Option<String>, StoreError> {
    Ok(ratings::strength(conn, id)?.rank().map(|r| r.to_string()))
}

/// `DT`: the day the game started, and the day it ended when that is
/// another day (`2026-11-22,2026-12-03`).
fn dates(stored: &StoredGame) -> String {
    let day = |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d").to_string();
    let start = day(stored.created_at);
    let end = day(stored.updated_at);
    match stored.game.phase() == Phase::Finished && end != start {
        true => format!("{start},{end}"),
        false => start,
    }
}

/// Adds the game's time terms (`TM`, `OT`) and what each move left on
/// its mover's clock.
fn add_clock(conn: &Connection, info: &mut SgfInfo, stored: &StoredGame) -> Result<(), StoreError> {
    if let Some(terms) = time_terms::of_game(conn, stored.id)? {
        (info.time_limit, info.overtime) = time_props(&terms.system);
    }
    info.times = move_clocks::list(conn, stored.id)?
        .into_iter()
        .map(|m| {
            let left = TimeLeft {
                seconds: m.seconds,
                moves: m.overtime,
            };
            (m.number as usize, left)
        })
        .collect();
    Ok(())
}

/// `TM` (the main time, per move: the time a move may take) and `OT` of
/// `system`, in the notation the module's header gives.
fn time_props(system: &System) -> (Option<i64>, Option<String>) {
    match *system {
        System::PerMove { per_move: t } => (Some(t.secs()), Some(format!("{} simple", t.secs()))),
        System::Fischer { main, bonus, .. } => {
            (Some(main.secs()), Some(format!("{} fischer", bonus.secs())))
        }
        System::Byoyomi {
            main,
            periods,
            period,
        } => (
            Some(main.secs()),
            Some(format!("{periods}x{} byo-yomi", period.secs())),
        ),
        System::Canadian {
            main,
            stones,
            block,
        } => (
            Some(main.secs()),
            Some(format!("{stones}/{} Canadian", block.secs())),
        ),
        System::Absolute { main } => (Some(main.secs()), None),
        System::None => (None, None),
    }
}

/// The players' words, each at the node of the move it came with,
/// attributed (`alice: ...`).
fn player_comments(
    conn: &Connection,
    stored: &StoredGame,
) -> Result<Vec<(usize, String)>, StoreError> {
    Ok(comments::list(conn, stored.id)?
        .into_iter()
        .map(|c| {
            let who = &stored.player(c.color).name;
            (c.after_move as usize, format!("{who}: {}", c.text))
        })
        .collect())
}

/// The marking of a game over by a count, if it is one.
fn counted_marking(conn: &Connection, stored: &StoredGame) -> Result<Option<Marking>, StoreError> {
    let counted = matches!(
        (stored.game.phase(), stored.game.result()),
        (Phase::Finished, Some(GameResult::Score(..)))
    );
    match counted {
        true => scoring::load(conn, stored.id, stored.game.board().size()),
        false => Ok(None),
    }
}

/// Adds the count of a counted game: `TB`/`TW` (points under dead stones
/// included) and, in the last node, the dead stones and the count in words.
fn add_count(info: &mut SgfInfo, stored: &StoredGame, m: &Marking) {
    let score = score_game(&stored.game, &m.dead);
    let owned = |c: Color| {
        score
            .territory
            .iter()
            .filter(|(_, o)| *o == c)
            .map(|(p, _)| *p)
            .collect()
    };
    info.territory_black = owned(Color::Black);
    info.territory_white = owned(Color::White);
    let dead: Vec<String> = m.dead.iter().map(|p| p.to_string()).collect();
    let mut lines = vec![match dead.is_empty() {
        true => "Dead stones: none".to_string(),
        false => format!("Dead stones: {}", dead.join(" ")),
    }];
    lines.extend(score.lines());
    let last = stored.game.state().moves.len();
    info.comments.push((last, lines.join("\n")));
}

/// Returns the game's SGF as a mail attachment named after the game.
pub(crate) fn sgf_attachment(
    conn: &Connection,
    stored: &StoredGame,
    place: &str,
) -> Result<Attachment, StoreError> {
    Ok(Attachment {
        filename: format!("{}.sgf", stored.id),
        content_type: "application/x-go-sgf".into(),
        body: write_sgf(&sgf_record(conn, stored, place)?).into_bytes(),
    })
}
