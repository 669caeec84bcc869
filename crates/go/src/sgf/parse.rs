//! Reading a record: from the node tree to an [`SgfGame`].
//!
//! Owns: the board size (`SZ`), game information of the root (`KM`, `HA`,
//! `PB`, `PW`, `RE`, `RU`, `DT`), and for every main-line node its setup
//! (`AB`/`AW`/`AE`, compressed lists included) and its move (`B`/`W`), with
//! point values interpreted exactly as sgfmill's `interpret_go_point`.

use super::error::SgfError;
use super::grammar::{Node, parse_game_tree};
use super::text::{Charset, simpletext};
use super::types::{Setup, SgfGame, SgfNode};
use crate::color::Color;
use crate::coords::{BoardSize, Move, Point};

/// Reads the main line of the first game tree in `input`.
///
/// Accepts any bytes: text is decoded lossily. Fails on malformed SGF, an
/// unsupported board size, or a move or setup point that is not on the board.
pub fn parse_sgf(input: &[u8]) -> Result<SgfGame, SgfError> {
    let tree = parse_game_tree(input)?;
    let line = tree.main_line();
    let root = line.first().ok_or(SgfError::NoGameTree)?;
    let size = board_size(root.first("SZ"))?;
    let charset = Charset::from_ca(root.first("CA"));
    let text = |id: &str| root.first(id).map(|raw| charset.decode(&simpletext(raw)));
    let nodes = line.iter().enumerate().map(|(i, n)| read_node(n, i, size));
    Ok(SgfGame {
        size,
        komi: root.first("KM").and_then(real),
        handicap: root.first("HA").and_then(handicap),
        black_name: text("PB"),
        white_name: text("PW"),
        result: text("RE"),
        rules: text("RU"),
        date: text("DT"),
        nodes: nodes.collect::<Result<_, _>>()?,
    })
}

/// Reads `SZ`: absent means 19; `N` or `N:N`, with N in 2..=25.
fn board_size(raw: Option<&[u8]>) -> Result<BoardSize, SgfError> {
    let Some(raw) = raw else {
        return BoardSize::new(19).map_err(|_| SgfError::BadSize("19".into()));
    };
    let bad = || SgfError::BadSize(lossy(raw));
    let (cols, rows) = match raw.iter().position(|&b| b == b':') {
        Some(i) => (
            raw.get(..i).ok_or_else(bad)?,
            raw.get(i + 1..).ok_or_else(bad)?,
        ),
        None => (raw, raw),
    };
    let n = number(cols).ok_or_else(bad)?;
    if number(rows) != Some(n) {
        return Err(bad());
    }
    BoardSize::new(n).map_err(|_| bad())
}

/// Reads a Number as Python's `int()` does for `SZ`: surrounding whitespace,
/// a `+` sign and single underscores between digits allowed; `None` for
/// anything else, negative numbers included.
fn number(raw: &[u8]) -> Option<u32> {
    let s = std::str::from_utf8(raw)
        .ok()?
        .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
    let digits = s.strip_prefix('+').unwrap_or(s);
    let well_formed = digits
        .split('_')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    if !well_formed {
        return None;
    }
    digits.replace('_', "").parse().ok()
}

/// Reads `HA` as sgfmill's `interpret_number`: spaces anywhere are ignored.
fn handicap(raw: &[u8]) -> Option<u32> {
    let kept: Vec<u8> = raw.iter().copied().filter(|&b| b != b' ').collect();
    number(&kept).filter(|&h| h > 0)
}

/// Reads a Real (komi); `None` when unreadable or not finite.
fn real(raw: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(raw).ok()?.trim();
    s.parse::<f64>().ok().filter(|k| k.is_finite())
}

fn lossy(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).chars().take(40).collect()
}

fn read_node(node: &Node, index: usize, size: BoardSize) -> Result<SgfNode, SgfError> {
    let has_setup = ["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some());
    let setup = if has_setup {
        Some(read_setup(node, index, size)?)
    } else {
        None
    };
    Ok(SgfNode {
        setup,
        play: read_play(node, index, size)?,
    })
}

/// Reads the move: `B` if present (first value only), else `W`.
fn read_play(
    node: &Node,
    index: usize,
    size: BoardSize,
) -> Result<Option<(Color, Move)>, SgfError> {
    let (prop, color) = match (node.first("B"), node.first("W")) {
        (Some(raw), _) => (("B", raw), Color::Black),
        (None, Some(raw)) => (("W", raw), Color::White),
        (None, None) => return Ok(None),
    };
    let (name, raw) = prop;
    let mv = match go_point(raw, size) {
        Ok(Some(p)) => Move::Play(p),
        Ok(None) => Move::Pass,
        Err(()) => return Err(bad_point(name, raw, index)),
    };
    Ok(Some((color, mv)))
}

fn read_setup(node: &Node, index: usize, size: BoardSize) -> Result<Setup, SgfError> {
    let list =
        |name: &'static str| point_list(node.get(name).unwrap_or_default(), name, index, size);
    Ok(Setup {
        black: list("AB")?,
        white: list("AW")?,
        empty: list("AE")?,
    })
}

/// Reads a point list (`[aa][bb]`, rectangles `[aa:cc]`, `[]` alone = empty).
fn point_list(
    values: &[&[u8]],
    name: &'static str,
    index: usize,
    size: BoardSize,
) -> Result<Vec<Point>, SgfError> {
    let mut out = Vec::new();
    if values == [&b""[..]] {
        return Ok(out);
    }
    for raw in values {
        let rect = rectangle(raw, size).ok_or_else(|| bad_point(name, raw, index))?;
        out.extend(rect);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Returns the points of `aa` or of the rectangle `aa:cc` (top-left first).
fn rectangle(raw: &[u8], size: BoardSize) -> Option<impl Iterator<Item = Point> + use<>> {
    let (first, second) = match raw.iter().position(|&b| b == b':') {
        Some(i) => (raw.get(..i)?, raw.get(i + 1..)?),
        None => (raw, raw),
    };
    let a = go_point(first, size).ok()??;
    let b = go_point(second, size).ok()??;
    if b.row > a.row || a.col > b.col {
        return None;
    }
    let (rows, cols) = (b.row..=a.row, a.col..=b.col);
    Some(rows.flat_map(move |row| cols.clone().map(move |col| Point::new(col, row))))
}

/// Reads a raw point as sgfmill: `Ok(None)` is a pass (empty, or `tt` up to 19x19).
fn go_point(raw: &[u8], size: BoardSize) -> Result<Option<Point>, ()> {
    let n = size.get();
    if raw.is_empty() || (raw == b"tt" && n <= 19) {
        return Ok(None);
    }
    let [c, r] = raw else {
        return Err(());
    };
    let col = c.wrapping_sub(b'a');
    let from_top = r.wrapping_sub(b'a');
    if col >= n || from_top >= n {
        return Err(());
    }
    Ok(Some(Point::new(col, n - 1 - from_top)))
}

fn bad_point(prop: &'static str, raw: &[u8], node: usize) -> SgfError {
    SgfError::BadPoint {
        prop,
        value: lossy(raw),
        node,
    }
}
