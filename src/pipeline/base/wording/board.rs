//! The words of the board block's header: who is to move, the last
//! moves, the game's status, the clock and a ko that stands.

use chrono::Duration;

use crate::go::coords::COLUMNS;
use crate::go::{Color, Move, Phase, Point};
use crate::pipeline::base::phrases::{capitalized, count, points};
use crate::render::Picture;

/// The alternative text of a board picture: which board, then what it
/// shows in words (each side's stones, the last one played, the stones
/// marked dead), for a reader who cannot see it, e.g. `The board of
/// game12 after move 3, 9x9: Black stones at C3 E5, White stones at D4;
/// the last stone played is E5.`
pub(crate) fn picture_alt(game: &str, moves: u32, picture: &Picture) -> String {
    let head = match moves {
        0 => format!("The board of {game} before the first move"),
        n => format!("The board of {game} after move {n}"),
    };
    let position = &picture.position;
    let size = position.size();
    // Both colours' stones in one pass, in the order of `all_points` (row
    // by row from the bottom), with plain loops: its flattened iterator
    // cost more than the looking.
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let n = size.get();
    for row in 0..n {
        for col in 0..n {
            let p = Point::new(col, row);
            match position.get(p) {
                Some(Color::Black) => black.push(p),
                Some(Color::White) => white.push(p),
                None => {}
            }
        }
    }
    let stones = |c: Color, list: &[Point]| match list {
        [] => format!("no {} stones", c.name()),
        list => format!("{} stones at {}", capitalized(c.name()), points(list)),
    };
    let mut out = format!(
        "{head}, {size}x{size}: {}, {}",
        stones(Color::Black, &black),
        stones(Color::White, &white)
    );
    if let Some(last) = picture.last.filter(|&p| position.get(p).is_some()) {
        out.push_str(&format!("; the last stone played is {last}"));
    }
    if !picture.dead.is_empty() {
        out.push_str(&format!("; marked dead: {}", points(&picture.dead)));
    }
    out.push('.');
    out
}

/// The caption under a board picture: how to read its marks (always the
/// same key, so that a player learns it once) and its coordinates, which
/// are the points a command names, and how to have mail without pictures.
pub(crate) fn picture_caption(picture: &Picture) -> String {
    let size = picture.position.size().get();
    let last = COLUMNS
        .get(usize::from(size) - 1)
        .map_or('?', |&b| char::from(b));
    format!(
        "A ring marks the last stone played, a square a ko point the player to move may not \
         retake at once; on a scored board, small squares mark territory and dead stones are \
         faded. Columns A to {last} (no I), rows 1 to {size} from the bottom: a point is its \
         column's letter and row's number. To get your mail without pictures, send: images off"
    )
}

/// The label of the board drawn in letters, folded under its picture.
pub(crate) fn picture_letters() -> String {
    "The same board in letters".to_string()
}

/// Who is to move, e.g. `Black (alice)`.
pub(crate) fn to_move(color: Color, name: &str) -> String {
    format!("{} ({name})", capitalized(color.name()))
}

/// A move as the header and `undo` show it, e.g. `Black C3`.
pub(crate) fn played(color: Color, mv: Move) -> String {
    format!("{} {mv}", capitalized(color.name()))
}

/// The game's status.
pub(crate) fn status(phase: Phase) -> &'static str {
    match phase {
        Phase::Play => "playing",
        Phase::Scoring => "scoring (both players passed)",
        Phase::Finished => "finished",
    }
}

/// The phase as templates test it: `play`, `scoring` or `finished`.
pub(crate) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Play => "play",
        Phase::Scoring => "scoring",
        Phase::Finished => "finished",
    }
}

/// The time left until a deadline: `6 days 23 hours left`, `5 hours left`,
/// `less than an hour left`, or `the time is up`.
pub(crate) fn time_left(d: Duration) -> String {
    if d <= Duration::zero() {
        return "the time is up".into();
    }
    let hours = d.num_hours();
    match (hours / 24, hours % 24) {
        (0, 0) => "less than an hour left".into(),
        (0, h) => format!("{} left", count(h, "hour")),
        (d, 0) => format!("{} left", count(d, "day")),
        (d, h) => format!("{} {} left", count(d, "day"), count(h, "hour")),
    }
}

/// The ko line: `color` may not retake at `point` with this move.
pub(crate) fn ko_line(color: Color, name: &str, point: Point) -> String {
    format!(
        "Ko: {} ({name}) may not retake {point} with this move; play elsewhere first.",
        capitalized(color.name())
    )
}

/// The last moves `first` to `last`, e.g. `Moves 11-12: White C3, Black D4.`
pub(crate) fn recent(first: u32, last: u32, moves: &[(Color, Move)]) -> String {
    let list: Vec<String> = moves.iter().map(|&(c, m)| played(c, m)).collect();
    match first == last {
        true => format!("Move {last}: {}.", list.join(", ")),
        false => format!("Moves {first}-{last}: {}.", list.join(", ")),
    }
}
