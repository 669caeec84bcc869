//! The words of a game's start: `accept` (the challenger's letter and the
//! accepting player's transcript), free handicap placement with `place`,
//! and what comes next for each player (stones to place, who moves).

use crate::go::{Color, Point};
use crate::pipeline::base::phrases::{color_name, color_words, plural, points};
use crate::store::GameId;

/// What `accept` says about colours picked by nigiri, or nothing.
fn nigiri_words(nigiri: bool) -> &'static str {
    match nigiri {
        true => " (colours picked by nigiri)",
        false => "",
    }
}

/// The challenger's letter: `accepter` (playing `accepter_color`) began `id`.
pub(crate) fn accepted_intro(
    accepter: &str,
    id: GameId,
    nigiri: bool,
    accepter_color: Color,
) -> String {
    format!(
        "{accepter} accepted your challenge: {id} has begun{}. You play {} against {accepter} ({}).",
        nigiri_words(nigiri),
        color_words(accepter_color.opponent()),
        color_name(accepter_color),
    )
}

/// What the accepting player reads: they play `me` against `challenger`,
/// then what comes next (`turn`).
pub(crate) fn you_accepted(
    id: GameId,
    nigiri: bool,
    me: Color,
    challenger: &str,
    turn: &str,
) -> String {
    format!(
        "You accepted {id}{}: you play {} against {challenger} ({}).\n{turn}",
        nigiri_words(nigiri),
        color_words(me),
        color_name(me.opponent()),
    )
}

/// What comes next for Black with `n` free handicap stones to place; the
/// example line has a `POINT` placeholder for each stone (at most three).
pub(crate) fn place_first(id: GameId, n: u32) -> String {
    let points = vec!["POINT"; n.clamp(1, 3) as usize].join(" ");
    let more = if n > 3 { " ..." } else { "" };
    format!(
        "Place your {n} handicap stones first, all at once or a few at a time, \
         with a line such as\n\n    place {id} {points}{more}\n\nwith a point such as D4 for \
         each POINT. White moves once they are all placed."
    )
}

/// What comes next for White while `black` places `n` stones.
pub(crate) fn black_places(black: &str, n: u32) -> String {
    format!("{black} places {n} handicap stones first; you get the board when it is your move.")
}

/// What comes next for the player who waits for `name` (playing `color`).
pub(crate) fn moves_first(name: &str, color: Color) -> String {
    format!(
        "{name} ({}) moves first; you get their move by mail.",
        color_name(color)
    )
}

/// What comes next for the player to move: move `n`, with the placeholder
/// `POINT` in the example line.
pub(crate) fn your_move(id: GameId, n: u32) -> String {
    format!(
        "It is your move. Answer with a command such as\n\n    move {id} POINT#{n}\n\n\
         with the point you play, such as D4, for POINT."
    )
}

/// `nothing-to-place`.
pub(crate) fn nothing_to_place(id: GameId) -> String {
    format!("there are no handicap stones to place in {id}")
}

/// `not-your-stones`: White tried to place.
pub(crate) fn not_your_stones(black: &str, id: GameId) -> String {
    format!("Black ({black}) places the handicap stones in {id}")
}

/// `too-many-stones`: `named` points with `left` stones to place.
pub(crate) fn too_many_stones(named: u32, left: u32) -> String {
    format!("you named {named} points, but only {left} handicap stones are left to place")
}

/// What Black reads after placing some stones, `remaining` still to place.
pub(crate) fn placed_some(placed: &[Point], id: GameId, remaining: u32) -> String {
    format!(
        "Placed {} in {id}; {remaining} handicap stone{} left to place.",
        points(placed),
        plural(u64::from(remaining))
    )
}

/// What Black reads after placing the last of `handicap` stones.
pub(crate) fn placed_all(placed: &[Point], id: GameId, handicap: u32, white: &str) -> String {
    format!(
        "Placed {} in {id}: all {handicap} handicap stones are placed, and {white} (White) moves now.",
        points(placed)
    )
}

/// White's letter once `black` has placed all `handicap` stones.
pub(crate) fn placed_intro(id: GameId, black: &str, handicap: u32) -> String {
    format!("{black} (Black) has placed the {handicap} handicap stones in {id}: your move.")
}

/// `placing-handicap`: a move while `black` has `left` stones to place.
pub(crate) fn placing_handicap(black: &str, left: u32, id: GameId) -> String {
    format!(
        "{black} (Black) has {left} handicap stone{} to place first, with \
         'place {id} POINT...'",
        plural(u64::from(left))
    )
}
