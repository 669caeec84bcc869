//! The words of challenges: `challenge` refused or sent, the terms and
//! who plays which colour, `decline` and withdrawing, a challenge that is
//! closed, expired or not the sender's, and the open challenges of the
//! `games` listing.

use chrono::{DateTime, Utc};

use crate::pipeline::base::phrases::minute;
use crate::store::GameId;
use crate::store::PlayerId;
use crate::store::challenges::{Challenge, Status, Terms};

/// `no-such-player`: nobody is called `name`.
pub(crate) fn no_such_player(name: &str) -> String {
    format!("there is no player called {name}")
}

/// `challenge-self`.
pub(crate) fn challenge_self() -> &'static str {
    "you cannot challenge yourself"
}

/// `bad-option`: the board size `size` is refused for `why`.
pub(crate) fn bad_size(size: u8, why: &str) -> String {
    format!("size {size}: {why}")
}

/// `bad-handicap`: a handicap of one stone.
pub(crate) fn one_stone_handicap() -> &'static str {
    "a handicap starts at 2 stones; for one stone, play Black with komi 0.5 \
     (color black komi 0.5)"
}

/// `bad-handicap`: `free` without a handicap.
pub(crate) fn free_without_handicap() -> &'static str {
    "free placement needs a handicap of 2 or more stones"
}

/// `bad-handicap`: more free stones than fit on the board.
pub(crate) fn too_many_free(max: u32, size: u8) -> String {
    format!("at most {max} free handicap stones fit on {size}x{size}")
}

/// `bad-handicap`: fixed stones on a board without fixed points.
pub(crate) fn no_fixed_points(size: u8) -> String {
    format!(
        "fixed handicap stones exist only on 9x9, 13x13 and 19x19; add 'free' \
         to place them yourself on {size}x{size}"
    )
}

/// `bad-handicap`: more fixed stones than the board has points for.
pub(crate) fn too_many_fixed(max: u32, size: u8) -> String {
    format!("at most {max} fixed handicap stones fit on {size}x{size}")
}

/// `too-many-games`: the sender is at the server's limit of `max`.
pub(crate) fn too_many_games(max: u32) -> String {
    format!(
        "you have {max} games and open challenges already, the most this server \
         allows; finish a game or withdraw a challenge first"
    )
}

/// `opponent-too-many-games`: the player called `name` is at the limit.
pub(crate) fn opponent_too_many_games(name: &str, max: u32) -> String {
    format!("{name} has {max} games and open challenges already, the most this server allows")
}

/// Returns the terms as short lines, e.g. `Board: 19x19`.
pub(crate) fn term_lines(t: &Terms) -> Vec<String> {
    vec![
        format!("Board: {0}x{0}", t.size),
        format!("Komi: {}", t.komi),
        format!("Handicap: {}", handicap_words(t.handicap, t.free)),
        format!("Scoring: {}", scoring_words(t.scoring)),
        format!("Ko rule: {}", t.ko.name()),
        format!("Time: {}", super::clock::terms_explained(&t.clock)),
        format!("Rated: {}", if t.rated { "yes" } else { "no" }),
    ]
}

/// The handicap of the terms, in words.
fn handicap_words(handicap: u32, free: bool) -> String {
    match (handicap, free) {
        (0, _) => "none".to_string(),
        (h, false) => format!("{h} stones on the star points"),
        (h, true) => format!("{h} stones, placed by Black where they like (free placement)"),
    }
}

/// The scoring of the terms, in words.
fn scoring_words(s: crate::go::Scoring) -> &'static str {
    match s {
        crate::go::Scoring::Area => "area (stones and territory)",
        crate::go::Scoring::Territory => "territory (territory and prisoners)",
    }
}

/// Says who plays which colour (`color` is the challenger's: `black`,
/// `white` or `nigiri`), to the player called `reader`.
pub(crate) fn colors_sentence(
    challenger: &str,
    challenged: &str,
    color: &str,
    reader: &str,
) -> String {
    let who = |name: &str| match name == reader {
        true => "you".to_string(),
        false => name.to_string(),
    };
    let s = if reader == challenger { "" } else { "s" };
    let (first, second) = (who(challenger), who(challenged));
    match color {
        "black" => format!("{first} play{s} Black (X), {second} White (O)."),
        "white" => format!("{first} play{s} White (O), {second} Black (X)."),
        _ => "Colours are picked at random (nigiri) when the challenge is accepted.".into(),
    }
}

/// What the challenger reads: challenge `id` went to `them` on `terms`.
pub(crate) fn challenge_sent(
    id: GameId,
    them: &str,
    terms: &[String],
    colors: &str,
    expires: DateTime<Utc>,
) -> String {
    format!(
        "You challenged {them}: {id} waits for their answer. Terms: {}.\n{colors}\nThey have until {} to accept; when they do, \
         you get the first board. To withdraw the challenge, send: decline {id}",
        terms.join(", "),
        minute(expires),
    )
}

/// The Subject of the challenge letter.
pub(crate) fn challenge_subject(id: GameId, challenger: &str) -> String {
    format!("[{id}] {challenger} challenges you to a game of Go ({id}): accept or decline")
}

/// `no-such-challenge`: nothing is numbered `number`.
pub(crate) fn no_such_challenge(number: u64) -> String {
    format!("there is no challenge game{number}")
}

/// `no-such-challenge`: `id` is a game already.
pub(crate) fn is_a_game(id: GameId) -> String {
    format!("{id} is a game, not a challenge waiting for an answer")
}

/// `challenge-closed`: challenge `id` is no longer open.
pub(crate) fn challenge_closed(id: GameId, status: Status) -> String {
    let closed = match status {
        Status::Open => "is open",
        Status::Accepted => "was accepted already: the game has begun",
        Status::Declined => "was declined",
        Status::Withdrawn => "was withdrawn",
        Status::Expired => "expired unanswered",
    };
    format!("the challenge {id} {closed}")
}

/// `challenge-expired`: `accept` after the challenge's expiry.
pub(crate) fn challenge_expired(id: GameId, expired: DateTime<Utc>) -> String {
    format!("the challenge {id} expired on {}", minute(expired))
}

/// `own-challenge`: the challenger tried to accept.
pub(crate) fn own_challenge(id: GameId, challenged: &str) -> String {
    format!("{id} is your own challenge: {challenged} accepts it (decline {id} withdraws it)")
}

/// `not-your-challenge`: `accept` of a challenge to someone else.
pub(crate) fn not_your_challenge(id: GameId, challenged: &str) -> String {
    format!("{id} is a challenge to {challenged}, not to you")
}

/// `not-your-challenge`: `decline` by a third player.
pub(crate) fn not_between(id: GameId, challenger: &str, challenged: &str) -> String {
    format!("{id} is a challenge between {challenger} and {challenged}")
}

/// What the challenger's letter says when `player` declines.
pub(crate) fn declined_letter(player: &str, id: GameId) -> String {
    format!("{player} declined your challenge {id}.")
}

/// What the challenged player reads after declining.
pub(crate) fn declined(id: GameId, challenger: &str) -> String {
    format!("You declined the challenge {id} from {challenger}.")
}

/// What the challenged player's letter says when `player` withdraws.
pub(crate) fn withdrew_letter(player: &str, id: GameId) -> String {
    format!("{player} withdrew the challenge {id}.")
}

/// What the challenger reads after withdrawing.
pub(crate) fn withdrew(id: GameId, challenged: &str) -> String {
    format!("You withdrew your challenge {id} to {challenged}.")
}

/// What both players' letters say when a challenge expires.
pub(crate) fn expired_letter(
    id: GameId,
    challenger: &str,
    challenged: &str,
    expires: DateTime<Utc>,
) -> String {
    format!(
        "The challenge {id} from {challenger} to {challenged} expired: it was not answered by {}.",
        minute(expires)
    )
}

/// The open challenges of the `games` listing, for player `me`.
pub(crate) fn challenges_list(open: &[Challenge], me: PlayerId) -> String {
    let lines: String = open.iter().map(|c| challenge_line(c, me)).collect();
    format!("Open challenges:\n{lines}").trim_end().to_string()
}

/// One open challenge of the `games` listing, for player `me`.
fn challenge_line(c: &Challenge, me: PlayerId) -> String {
    let id = c.id;
    let line = match c.challenger.id == me {
        true => format!(
            "to {}, waiting for an answer (decline {id} withdraws it)",
            c.challenged.name
        ),
        false => format!(
            "from {}: answer with accept {id} or decline {id}",
            c.challenger.name
        ),
    };
    let (size, expires) = (c.terms.size, minute(c.expires_at));
    format!(
        "  {:<8} {size}x{size} {line}; expires {expires}\n",
        id.to_string()
    )
}

/// Why a `challenge` is refused: `max` challenges made within a day.
pub(crate) fn challenge_limit(max: u32) -> String {
    format!(
        "you have made {max} challenges within the last day, the most a day allows; \
         challenge again tomorrow"
    )
}
