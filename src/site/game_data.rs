//! What a game's page embeds for its replay, and its board drawn for it:
//! every position from the start to the last move (the same rows as
//! `game show --at N --json`'s `board`, replayed as `--at` replays them),
//! given as the start's rows and each move's changes (a few bytes a move,
//! so a 300-move game stays small), the JSON the page's script reads, and
//! the board's SVG split into its frame (wood, grid, coordinates) and the
//! stones and marks over it (the part the script redraws).
//!
//! Pure: a game and a picture in, text out.

use serde::Serialize;

use crate::go::{Color, Game, GameState, Move};
use crate::render::{self, Picture};

/// Every position of the game `s`, move 0 (the start, handicap stones
/// placed) to its last move, as rows top row first (`X`, `O`, `.`): each
/// after the moves before it replayed as `Game::rebuild` replays them
/// (play resumed after two passes when a move follows). A move that does
/// not replay is named in the error.
pub(crate) fn positions(s: &GameState) -> Result<Vec<Vec<String>>, String> {
    let mut replay = Game::from_position(&s.start, s.start_to_move, s.rules);
    let mut out = Vec::with_capacity(s.moves.len() + 1);
    out.push(replay.position().rows());
    for (i, &(color, mv)) in s.moves.iter().enumerate() {
        let _ = replay.resume();
        replay
            .play_as(color, mv)
            .map_err(|reason| format!("move {} ({mv}) does not replay: {reason}", i + 1))?;
        out.push(replay.position().rows());
    }
    Ok(out)
}

/// The points that differ from `before` to `after`, each as three
/// characters: what the point now holds (`X`, `O` or `.`), its column
/// and its row from the top as letters (`a` the first).
pub(crate) fn changes(before: &[String], after: &[String]) -> String {
    let mut out = String::new();
    for (y, (b, a)) in before.iter().zip(after).enumerate() {
        for (x, (cb, ca)) in b.chars().zip(a.chars()).enumerate() {
            if cb != ca {
                out.push(ca);
                out.push(letter(x));
                out.push(letter(y));
            }
        }
    }
    out
}

/// `a` for 0, `b` for 1 ... (a board has at most 25 lines).
fn letter(i: usize) -> char {
    char::from(b'a' + (i as u8))
}

/// The replay as the script reads it (`#replay-data`).
#[derive(Debug, Serialize)]
struct ReplayJson<'a> {
    /// The board's lines.
    size: u8,
    /// The drawing's line spacing and margin, in its own pixels.
    cell: u32,
    margin: u32,
    /// The players, for the words under the board.
    black: &'a str,
    white: &'a str,
    /// The start's rows joined with `/`.
    start: String,
    /// Each move: `B` or `W`, the move (`D4`, `pass`), its changes.
    moves: Vec<[String; 3]>,
}

/// The JSON of the replay of the game `s` from its `positions`, safe
/// inside a `<script type="application/json">` (no `<`, `>` or `&` in it).
pub(crate) fn replay_json(s: &GameState, names: [&str; 2], positions: &[Vec<String>]) -> String {
    let g = render::Geometry::of(s.start.size());
    let moves = s
        .moves
        .iter()
        .zip(positions.windows(2))
        .map(|(&(color, mv), w)| [mover(color), mv.to_string(), changes(&w[0], &w[1])])
        .collect();
    let json = ReplayJson {
        size: s.start.size().get(),
        cell: g.cell,
        margin: g.margin,
        black: names[0],
        white: names[1],
        start: positions.first().map(|p| p.join("/")).unwrap_or_default(),
        moves,
    };
    let text = serde_json::to_string(&json).unwrap_or_default();
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn mover(c: Color) -> String {
    c.letter().to_string()
}

/// A move in words under the board: `Black (alice) played D4`,
/// `White (bob) passed`.
pub(crate) fn played(color: Color, name: &str, mv: Move) -> String {
    let who = match color {
        Color::Black => format!("Black ({name})"),
        Color::White => format!("White ({name})"),
    };
    match mv {
        Move::Play(p) => format!("{who} played {p}"),
        Move::Pass => format!("{who} passed"),
    }
}

/// The board of a page: its drawing's width, its frame (what every
/// position shares) and the stones and marks of the position shown.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BoardSvg {
    /// The drawing's width and height, in its own pixels.
    pub(crate) width: u32,
    /// The wood, grid, star points and coordinates.
    pub(crate) frame: String,
    /// The stones and marks of `p`.
    pub(crate) stones: String,
}

/// The board `p` as the page draws it: the renderer's SVG without its
/// root element (the page writes that, with its data and words), cut
/// where the drawing of an empty board ends.
pub(crate) fn board_svg(p: &Picture) -> BoardSvg {
    let empty = render::svg(&Picture::new(crate::go::Position::empty(p.size())));
    let drawn = render::svg(p);
    let (frame, full) = (inner(&empty), inner(&drawn));
    let (frame, stones) = match full.strip_prefix(frame) {
        Some(rest) => (frame, rest),
        None => ("", full),
    };
    BoardSvg {
        width: p.geometry().width(),
        frame: frame.to_string(),
        stones: stones.to_string(),
    }
}

/// What is inside the root `<svg>` element of `svg`.
fn inner(svg: &str) -> &str {
    let start = svg.find(">\n").map_or(0, |i| i + 2);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg.get(start..end).unwrap_or_default()
}

#[cfg(test)]
#[path = "game_data_tests.rs"]
mod tests;
