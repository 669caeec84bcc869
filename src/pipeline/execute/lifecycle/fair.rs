//! `handicap auto` (or `[games] handicap = "auto"`): the fair handicap of
//! a challenge from the two players' ranks, by the convention of the
//! ratings crate (N ranks apart on 19x19: N stones at komi 0.5, at most 9;
//! one rank: no stones at komi 0.5; under a rank: an even game; a stone
//! worth (19/size)² ranks on smaller boards). The weaker player takes
//! Black.

use rusqlite::Connection;

use crate::command::{ChallengeOptions, ColorChoice};
use crate::go::BoardSize;
use crate::go::handicap::{max_fixed, max_free};
use crate::pipeline::base::error::{Rejection, reject};
use crate::pipeline::base::wording::ratings as words;
use crate::rating::{Handicap, Rank, stones_for};
use crate::store::StoreError;
use crate::store::players::PlayerRef;
use crate::store::ratings::{self, Strength};

/// What `handicap auto` chose.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Fair {
    /// Handicap stones (0 unless two or more).
    pub(super) stones: u32,
    /// White's komi.
    pub(super) komi: f64,
    /// The challenger's colour: `black`, `white`, or the asked one
    /// between players of one strength.
    pub(super) color: ColorChoice,
    /// What was chosen and why, for both players' mail.
    pub(super) why: String,
}

/// The fair handicap between the challenger `me` and `them` on a board
/// of `size` (`even_komi` the rules' komi of an even game); refused when
/// the options also name a colour that contradicts it.
pub(super) fn fair(
    conn: &Connection,
    (me, them): (&PlayerRef, &PlayerRef),
    o: &ChallengeOptions,
    size: BoardSize,
    even_komi: f64,
) -> Result<Result<Fair, Rejection>, StoreError> {
    let (mine, theirs) = (
        ratings::strength(conn, me.id)?,
        ratings::strength(conn, them.id)?,
    );
    let (rm, rt) = (Rank::of(mine.rating), Rank::of(theirs.rating));
    let ranks = rm.above(rt).unsigned_abs();
    let max = if o.free {
        max_free(size)
    } else {
        max_fixed(size).unwrap_or(0)
    };
    let h = stones_for(ranks, size.get(), max);
    let color = match mine.rating.total_cmp(&theirs.rating) {
        std::cmp::Ordering::Less => ColorChoice::Black,
        std::cmp::Ordering::Greater => ColorChoice::White,
        std::cmp::Ordering::Equal => o.color,
    };
    if o.color != ColorChoice::Nigiri && o.color != color {
        return Ok(Err(reject(
            "bad-option",
            words::auto_colour(o.color.name()),
        )));
    }
    let komi = o.komi.map_or(h.komi(even_komi), |k| k.points());
    let why = explain((me, mine), (them, theirs), color, h, size, komi);
    Ok(Ok(Fair {
        stones: h.stones(),
        komi,
        color,
        why,
    }))
}

/// The sentence saying what was chosen and why.
fn explain(
    me: (&PlayerRef, Strength),
    them: (&PlayerRef, Strength),
    color: ColorChoice,
    h: Handicap,
    size: BoardSize,
    komi: f64,
) -> String {
    let (black, white) = match color {
        ColorChoice::White => (them, me),
        _ => (me, them),
    };
    words::auto_handicap(
        (&black.0.name, &black.1.shown()),
        (&white.0.name, &white.1.shown()),
        h,
        size.get(),
        komi,
    )
}
