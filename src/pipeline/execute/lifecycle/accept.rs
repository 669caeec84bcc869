//! `accept GAME`: the challenged player starts the game, and the words
//! that tell each player what comes next (whose move, stones to place).
//!
//! Nigiri: the coin is the low bit of the first byte of the SHA-256 of the
//! accepting message's key (its Message-ID), so a test pins the colours by
//! pinning the Message-ID, and handling the same mail twice cannot pick
//! differently.

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError, reject};
use crate::pipeline::base::wording::{challenge as challenge_words, start as words};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::record::report::Effect;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::challenge::{not_challenged, open_challenge};
use crate::command::GameRef;
use crate::go::{BoardSize, Color, Game, Rules};
use crate::store::challenges::{self, Challenge, Status, Terms};
use crate::store::games;
use crate::store::players::PlayerRef;
use crate::store::{StoreError, StoredGame, clock, ratings, time_terms};

/// `accept GAME`: the challenged player starts the game.
pub(super) fn accept(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let open = acceptable(c, game)?;
    let (black, white) = players(&open, c.key);
    let g = start_game(c.conn, c.env, &open, black, white)?;
    challenges::close(c.conn, open.id, Status::Accepted, c.env.now)?;
    let to_place = if open.terms.free {
        open.terms.handicap
    } else {
        0
    };
    let me = g.color_of(c.player.id).unwrap_or(Color::White);
    let nigiri = open.terms.color == "nigiri";
    let what = GameLetter {
        to: &open.challenger,
        kind: "game-start",
        intro: vec![words::accepted_intro(&c.player.name, g.id, nigiri, me)],
        next: vec![turn_words(&g, me.opponent(), to_place)],
    };
    let letter = game_letter(c.conn, c.env, &g, what)?;
    let turn = turn_words(&g, me, to_place);
    let text = words::you_accepted(g.id, nigiri, me, &open.challenger.name, &turn);
    Ok(Effect::acted(text, Some(g.id), vec![letter]))
}

/// Finds the open challenge `game` to the sender that has not expired.
fn acceptable(c: &Cmd<'_>, game: GameRef) -> CmdResult<Challenge> {
    let open = open_challenge(c.conn, game)?;
    if let Some(r) = not_challenged(&open, c.player) {
        return Err(r.into());
    }
    if open.expires_at <= c.env.now {
        let why = challenge_words::challenge_expired(open.id, open.expires_at);
        return Err(reject("challenge-expired", why).into());
    }
    Ok(open)
}

/// Returns (Black, White) of challenge `c`, accepted by the message `key`.
fn players<'c>(c: &'c Challenge, key: &str) -> (&'c PlayerRef, &'c PlayerRef) {
    let challenger_black = match c.terms.color.as_str() {
        "black" => true,
        "white" => false,
        _ => nigiri(key),
    };
    match challenger_black {
        true => (&c.challenger, &c.challenged),
        false => (&c.challenged, &c.challenger),
    }
}

/// Flips the nigiri coin for the accepting message `key`: true when the challenger takes Black.
fn nigiri(key: &str) -> bool {
    Sha256::digest(key.as_bytes())[0] & 1 == 0
}

/// Creates the game of challenge `c` under its id; returns it as stored.
fn start_game(
    conn: &Connection,
    env: &Env<'_>,
    c: &Challenge,
    black: &PlayerRef,
    white: &PlayerRef,
) -> Result<StoredGame, PipelineError> {
    let t = &c.terms;
    let game = new_game(t)?;
    let id = games::insert_as(conn, Some(c.id), black, white, &game, &[], env.now)?;
    super::ladder::accepted(conn, id, (black.id, white.id))?;
    let to_place = if t.free { t.handicap } else { 0 };
    challenges::set_game_terms(conn, id, t.days, to_place)?;
    time_terms::set(conn, id, &t.clock)?;
    ratings::set_rated(conn, id, t.rated)?;
    if to_place == 0 {
        clock::start_turn(conn, id, env.now, env.settings.zone)?;
    }
    Ok(games::load(conn, id)?)
}

/// The empty board of terms `t`, with its fixed handicap stones.
fn new_game(t: &Terms) -> Result<Game, StoreError> {
    let size = BoardSize::new(u32::from(t.size)).map_err(|e| StoreError::Invalid {
        what: "board size",
        value: t.size.to_string(),
        reason: e.to_string(),
    })?;
    let rules = Rules {
        ko: t.ko,
        allow_suicide: false,
        komi: t.komi,
        scoring: t.scoring,
    };
    let mut game = Game::new(size, rules);
    if t.handicap >= 2 && !t.free {
        game.place_fixed_handicap(t.handicap)
            .map_err(|e| StoreError::Invalid {
                what: "handicap",
                value: t.handicap.to_string(),
                reason: e.to_string(),
            })?;
    }
    Ok(game)
}

/// Tells the player of `reader` what comes next in `g`.
pub(super) fn turn_words(g: &StoredGame, reader: Color, to_place: u32) -> String {
    let id = g.id;
    if to_place > 0 {
        return match reader {
            Color::Black => words::place_first(id, to_place),
            Color::White => words::black_places(&g.black.name, to_place),
        };
    }
    let to_move = g.game.to_move();
    if to_move != reader {
        return words::moves_first(&g.player(to_move).name, to_move);
    }
    words::your_move(id, g.game.move_number() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coin_depends_only_on_the_key() {
        assert_eq!(nigiri("<a@b>"), nigiri("<a@b>"));
        let flips: Vec<bool> = (0..16).map(|i| nigiri(&format!("<m{i}@x>"))).collect();
        assert!(flips.contains(&true) && flips.contains(&false));
    }
}
