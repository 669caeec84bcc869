//! `accept GAME`: the challenged player starts the game, and the words
//! that tell each player what comes next (whose move, stones to place).
//!
//! Nigiri: the coin is the low bit of the first byte of the SHA-256 of the
//! accepting message's key (its Message-ID), so a test pins the colours by
//! pinning the Message-ID, and handling the same mail twice cannot pick
//! differently.

use crate::pipeline::context::Env;
use crate::pipeline::error::{CmdResult, PipelineError, reject};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::letters::game_letter;
use crate::pipeline::report::Effect;
use crate::pipeline::words::{color_name, color_words};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::challenge::{not_challenged, open_challenge};
use crate::go::{BoardSize, Color, Game, Point, Rules};
use crate::mail::command::GameRef;
use crate::store::challenges::{self, Challenge, Status};
use crate::store::games;
use crate::store::players::PlayerRef;
use crate::store::{StoreError, StoredGame, clock};

/// `accept GAME`: the challenged player starts the game.
pub(super) fn accept(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn,
        env,
        player,
        key: source,
        ..
    } = *c;
    let c = open_challenge(conn, game)?;
    if let Some(r) = not_challenged(&c, player) {
        return Err(r.into());
    }
    if c.expires_at <= env.now {
        let why = format!(
            "the challenge {} expired on {}",
            c.id,
            c.expires_at.format("%Y-%m-%d")
        );
        return Err(reject("challenge-expired", why).into());
    }
    let challenger_black = match c.terms.color.as_str() {
        "black" => true,
        "white" => false,
        _ => nigiri(source),
    };
    let (black, white) = match challenger_black {
        true => (&c.challenger, &c.challenged),
        false => (&c.challenged, &c.challenger),
    };
    let g = start_game(conn, env, &c, black, white)?;
    challenges::close(conn, c.id, Status::Accepted, env.now)?;
    let to_place = if c.terms.free { c.terms.handicap } else { 0 };
    let me = g.color_of(player.id).unwrap_or(Color::White);
    let them = me.opponent();
    let nigiri_words = match c.terms.color.as_str() {
        "nigiri" => " (colours picked by nigiri)",
        _ => "",
    };
    let intro = vec![format!(
        "{} accepted your challenge: {} has begun{nigiri_words}. You play {} against {} ({}).",
        player.name,
        g.id,
        color_words(them),
        player.name,
        color_name(me),
    )];
    let letter = game_letter(
        conn,
        env.templates,
        &g,
        &c.challenger,
        "game-start",
        format!("[{}] {} accepted: the game begins", g.id, player.name),
        intro,
        vec![turn_words(&g, them, to_place)],
    )?;
    let text = format!(
        "You accepted {}{nigiri_words}: you play {} against {} ({}).\n{}",
        g.id,
        color_words(me),
        c.challenger.name,
        color_name(them),
        turn_words(&g, me, to_place)
    );
    Ok(Effect::Acted {
        text,
        game: Some(g.id),
        letters: vec![letter],
    })
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
    let id = games::insert_as(conn, Some(c.id), black, white, &game, &[], env.now)?;
    let to_place = if t.free { t.handicap } else { 0 };
    challenges::set_game_terms(conn, id, t.days, to_place)?;
    if to_place == 0 {
        clock::start_turn(conn, id, env.now)?;
    }
    Ok(games::load(conn, id)?)
}

/// Tells the player of `reader` what comes next in `g`.
pub(super) fn turn_words(g: &StoredGame, reader: Color, to_place: u32) -> String {
    let id = g.id;
    if to_place > 0 {
        return match reader {
            Color::Black => format!(
                "Place your {to_place} handicap stones first, all at once or a few at a time, \
                 with a line such as\n\n    place {id} {}\n\nWhite moves once they are all placed.",
                example_points(g.game.board().size(), to_place)
            ),
            Color::White => format!(
                "{} places {to_place} handicap stones first; you get the board when it is \
                 your move.",
                g.black.name
            ),
        };
    }
    let to_move = g.game.to_move();
    if to_move != reader {
        return format!(
            "{} ({}) moves first; you get their move by mail.",
            g.player(to_move).name,
            color_name(to_move)
        );
    }
    let n = g.game.move_number() + 1;
    format!(
        "It is your move. Answer with a command such as\n\n    move {id} {}#{n}",
        example_points(g.game.board().size(), 1)
    )
}

/// Returns `n` free points to show in an example, from the board's star points.
fn example_points(size: BoardSize, n: u32) -> String {
    let mut points: Vec<Point> = crate::go::render::star_points(size);
    points.extend(size.all_points());
    points.dedup();
    let words: Vec<String> = points
        .iter()
        .take(n.min(3) as usize)
        .map(ToString::to_string)
        .collect();
    words.join(" ")
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

    #[test]
    fn example_points_start_at_the_star_points() {
        let size = BoardSize::new(19).unwrap();
        assert_eq!(example_points(size, 2), "D4 K4");
        assert_eq!(example_points(BoardSize::new(5).unwrap(), 1), "A1");
    }
}
