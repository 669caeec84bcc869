//! Pairing: a tournament's start (each entrant's strength fixed, a round
//! robin's whole schedule or a Swiss's or McMahon's first round), the next
//! round, and the games each round starts, with their letters: the start
//! letter names the tournament and the round, and a bye is mailed too.
//!
//! A round's number is recorded with it (`tournaments::set_round` takes
//! only the round after the last), in the transaction that starts its
//! games, so a round is never paired twice.

use rusqlite::Connection;

use super::field::{Field, invalid, level};
use super::letter;
use crate::clock::System as Clock;
use crate::go::handicap::max_fixed;
use crate::go::{BoardSize, Color, Game as Board, KoRule, Rules, Scoring};
use crate::pairing::{ColourRule, Game, Points, Round, next_round_with, round_robin};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::{clock as clock_words, tournament as words};
use crate::pipeline::games::start::{self, NewGame};
use crate::rating::{Rank, stones_for};
use crate::store::players::PlayerRef;
use crate::store::time_terms::TimeTerms;
use crate::store::tournaments::pairings;
use crate::store::tournaments::{self, Kind, Status, entrants};
use crate::store::{GameId, PlayerId, TournamentId, ratings};

/// Starts tournament `id`; returns the games started, or why it cannot.
pub(crate) fn start(
    conn: &Connection,
    env: &Env<'_>,
    id: TournamentId,
) -> Result<Result<u32, String>, PipelineError> {
    let field = Field::load(conn, id)?;
    if field.t.status != Status::Open {
        return Ok(Err(format!(
            "the tournament {} has started already",
            field.t.terms.name
        )));
    }
    let min = if field.t.terms.kind == Kind::Ladder {
        0
    } else {
        2
    };
    if field.entrants.len() < min {
        return Ok(Err(format!(
            "the tournament {} has {} players; it needs at least 2",
            field.t.terms.name,
            field.entrants.len()
        )));
    }
    for e in &field.entrants {
        let rating = ratings::strength(conn, e.player.id)?.rating;
        entrants::set_strength(conn, id, e.player.id, level(rating))?;
    }
    tournaments::set_status(conn, id, Status::Running, env.now)?;
    let field = Field::load(conn, id)?;
    match field.t.terms.kind {
        Kind::Ladder => Ok(Ok(0)),
        Kind::RoundRobin => robin(conn, env, &field).map(Ok),
        Kind::Swiss | Kind::McMahon => pair_next(conn, env, &field),
    }
}

/// A round robin's every round at once, seeded by strength (then joining
/// order); each bye scores the tournament's bye points.
fn robin(conn: &Connection, env: &Env<'_>, field: &Field) -> Result<u32, PipelineError> {
    let mut seeded: Vec<_> = field.entrants.iter().collect();
    seeded.sort_by_key(|e| (std::cmp::Reverse(e.strength.unwrap_or(0)), e.seq));
    let ids: Vec<PlayerId> = seeded.iter().map(|e| e.player.id).collect();
    let schedule = round_robin(&ids).map_err(|e| invalid(&field.t, e.to_string()))?;
    let of = schedule.len() as u32;
    let mut started = 0;
    for (i, round) in schedule.iter().enumerate() {
        started += start_round(conn, env, field, (i as u32 + 1, of), round)?;
    }
    Ok(started)
}

/// Pairs and starts the next round of a running Swiss or McMahon; returns
/// the games started, or why there is none.
pub(crate) fn pair_next(
    conn: &Connection,
    env: &Env<'_>,
    field: &Field,
) -> Result<Result<u32, String>, PipelineError> {
    let of = field.rounds_in_all();
    if field.t.round >= of {
        return Ok(Err(format!(
            "the tournament {} has played all its {of} rounds",
            field.t.terms.name
        )));
    }
    let bye = Points::from_quarters(field.t.terms.bye_quarters);
    let rule = match field.t.terms.groups_first {
        true => ColourRule::GroupsFirst,
        false => ColourRule::WithinOne,
    };
    match next_round_with(
        &field.system(),
        &field.players(),
        &field.rounds(),
        bye,
        rule,
    ) {
        Ok(round) => start_round(conn, env, field, (field.t.round + 1, of), &round).map(Ok),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// Records round `number` of `of` and starts its games and byes.
fn start_round(
    conn: &Connection,
    env: &Env<'_>,
    field: &Field,
    (number, of): (u32, u32),
    round: &Round<PlayerId>,
) -> Result<u32, PipelineError> {
    let id = field.t.id;
    tournaments::set_round(conn, id, number, env.now)?;
    let label = words::round_of(number, of);
    for (i, game) in round.games.iter().enumerate() {
        let board = (number, i as u32 + 1);
        start_game(conn, env, field, board, game, &label)?;
    }
    let quarters = field.t.terms.bye_quarters;
    for (i, bye) in round.byes.iter().enumerate() {
        let board = (number, (round.games.len() + i) as u32 + 1);
        pairings::add_bye(conn, id, board, bye.player, quarters)?;
        bye_letter(conn, env, field, bye.player, (number, &label))?;
    }
    Ok(round.games.len() as u32)
}

/// Starts one game of a round (with the fair handicap when the tournament
/// says `auto`: the weaker player takes Black) and records it.
fn start_game(
    conn: &Connection,
    env: &Env<'_>,
    field: &Field,
    board: (u32, u32),
    game: &Game<PlayerId>,
    label: &str,
) -> Result<GameId, PipelineError> {
    let t = &field.t;
    let who = |p: PlayerId| PlayerRef {
        id: p,
        name: field.name(p).to_string(),
    };
    let (mut black, mut white) = (game.black, game.white);
    let size = BoardSize::new(u32::from(t.terms.size)).map_err(|e| invalid(t, e.to_string()))?;
    let (stones, komi, weaker_black) = handicap(conn, field, (black, white), size)?;
    if weaker_black == Some(false) {
        std::mem::swap(&mut black, &mut white);
    }
    let board_game = new_board(size, stones, komi).map_err(|e| invalid(t, e))?;
    let time = clock(env, field)?;
    let (b, w) = (who(black), who(white));
    let new = NewGame {
        black: &b,
        white: &w,
        game: &board_game,
        days: None,
        time: Some(time),
        weekends_off: false,
        night_hours: 0,
        mail: false,
    };
    let id = start::start(conn, env, &new)?;
    ratings::set_rated(conn, id, t.terms.rated)?;
    let by_rank = weaker_black.is_some();
    pairings::add_game(conn, t.id, board, id, (black, white, by_rank))?;
    let terms = TimeTerms {
        system: time,
        weekends_off: false,
        night_hours: 0,
    };
    let explained = clock_words::terms_explained(&terms);
    let intro = |me: Color| {
        let opponent = if me == Color::Black { &w.name } else { &b.name };
        words::paired_intro(&t.terms.name, label, (id, me), opponent, &explained)
    };
    start::mail_start(conn, env, id, &intro)?;
    Ok(id)
}

/// The fair handicap of a game between `pair` (Black, White) under the
/// tournament's rule: stones, komi, and whether the pairing's Black is
/// the weaker (`Some(false)`: swap them; `None`: keep the colours).
fn handicap(
    conn: &Connection,
    field: &Field,
    (black, white): (PlayerId, PlayerId),
    size: BoardSize,
) -> Result<(u32, f64, Option<bool>), PipelineError> {
    let even = (0, Scoring::default().default_komi(0), None);
    if !field.t.terms.handicap_auto {
        return Ok(even);
    }
    let (b, w) = (
        ratings::strength(conn, black)?.rating,
        ratings::strength(conn, white)?.rating,
    );
    let ranks = Rank::of(b).above(Rank::of(w)).unsigned_abs();
    if ranks == 0 {
        return Ok(even);
    }
    let h = stones_for(ranks, size.get(), max_fixed(size).unwrap_or(0));
    Ok((h.stones(), h.komi(even.1), Some(b <= w)))
}

/// The empty board with its fixed handicap stones.
fn new_board(size: BoardSize, stones: u32, komi: f64) -> Result<Board, String> {
    let rules = Rules {
        ko: KoRule::List,
        allow_suicide: false,
        komi,
        scoring: Scoring::default(),
    };
    let mut game = Board::new(size, rules);
    if stones >= 2 {
        game.place_fixed_handicap(stones)
            .map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The tournament's time system, else the server's default.
fn clock(env: &Env<'_>, field: &Field) -> Result<Clock, PipelineError> {
    match &field.t.terms.time {
        Some(text) => Clock::parse(text).map_err(|e| invalid(&field.t, e.to_string())),
        None => Ok(env.settings.games.system_for(None, None)),
    }
}

/// Mails `player` that they have the bye of round `number`.
fn bye_letter(
    conn: &Connection,
    env: &Env<'_>,
    field: &Field,
    player: PlayerId,
    (number, label): (u32, &str),
) -> Result<(), PipelineError> {
    let t = &field.t;
    let points = Points::from_quarters(t.terms.bye_quarters);
    let points = match points.quarters() {
        4 => "1 point".to_string(),
        _ => format!("{points} points"),
    };
    let to = PlayerRef {
        id: player,
        name: field.name(player).to_string(),
    };
    let words_of = (
        words::bye_subject(&t.terms.name, number),
        words::bye_text(&t.terms.name, label, &points),
    );
    let unique = format!("tournament:{}:{number}:bye:{player}", t.id);
    letter::queue(conn, env, to, words_of, (unique, false))?;
    Ok(())
}
