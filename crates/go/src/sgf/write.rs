//! Writing a record: an [`SgfRecord`] to SGF FF[4] text.
//!
//! Owns: the root properties and their order, escaping of text values, the
//! root setup lists, the time terms (`TM`/`OT`), the move sequence with
//! short lines, what each move left on its mover's clock (`BL`/`WL`,
//! `OB`/`OW`), the comments at their nodes and the territory (`TB`/`TW`)
//! in the last node. The output is deterministic and reads back (with
//! [`super::parse_sgf`] or sgfmill) to the same size, komi, handicap, names,
//! result, setup, moves and comments.

use std::fmt::Write as _;

use super::text::escape;
use super::types::SgfRecord;
use crate::color::Color;
use crate::coords::{BoardSize, Move, Point};

/// Moves written on one line.
const MOVES_PER_LINE: usize = 10;
/// Setup points written on one line.
const POINTS_PER_LINE: usize = 16;
/// The widest a line of moves grows before the next node starts a new one.
const MOVE_LINE_WIDTH: usize = 72;

/// Writes `rec` as an SGF `FF[4]` game record, ending with a newline.
///
/// `SZ` is a plain number, `HA` is written only when above 0, `AB`/`AW` only
/// when not empty (sorted, without repeats), a pass as `B[]`/`W[]`. Points
/// off the board are never written: such a setup point is left out and such a
/// play is written as a pass. A komi that is not finite is written as 0.
pub fn write_sgf(rec: &SgfRecord) -> String {
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    let _ = write!(
        out,
        "AP[pbmgo:{}]SZ[{}]KM[{}]",
        env!("CARGO_PKG_VERSION"),
        rec.size,
        komi(rec.komi)
    );
    if rec.handicap > 0 {
        let _ = write!(out, "HA[{}]", rec.handicap);
    }
    text_prop(&mut out, "RU", rec.rules.as_deref());
    text_prop(&mut out, "DT", rec.date.as_deref());
    out.push('\n');
    text_prop(&mut out, "GN", rec.info.game_name.as_deref());
    text_prop(&mut out, "PC", rec.info.place.as_deref());
    text_prop(&mut out, "PB", Some(&rec.black_name));
    text_prop(&mut out, "BR", rec.info.black_rank.as_deref());
    text_prop(&mut out, "PW", Some(&rec.white_name));
    text_prop(&mut out, "WR", rec.info.white_rank.as_deref());
    text_prop(&mut out, "RE", rec.result.as_deref());
    setup_prop(&mut out, "AB", &rec.setup_black, rec.size);
    setup_prop(&mut out, "AW", &rec.setup_white, rec.size);
    time_terms(&mut out, rec);
    node_extras(&mut out, rec, 0);
    moves(&mut out, rec);
    out.push_str(")\n");
    out
}

/// Writes what node `n` carries besides its move: its comments, and in
/// the last node the territory (and any comment numbered past the end).
fn node_extras(out: &mut String, rec: &SgfRecord, n: usize) {
    let comments: Vec<&str> = rec
        .info
        .comments
        .iter()
        .filter(|&&(at, _)| at == n || (n == rec.moves.len() && at > n))
        .map(|(_, text)| text.as_str())
        .collect();
    if !comments.is_empty() {
        out.push('\n');
        text_prop(out, "C", Some(&comments.join("\n")));
    }
    if n == rec.moves.len() {
        setup_prop(out, "TB", &rec.info.territory_black, rec.size);
        setup_prop(out, "TW", &rec.info.territory_white, rec.size);
    }
}

/// Writes `TM` and `OT` on a line of their own, when the record has them.
fn time_terms(out: &mut String, rec: &SgfRecord) {
    let info = &rec.info;
    if info.time_limit.is_none() && info.overtime.is_none() {
        return;
    }
    out.push('\n');
    if let Some(tm) = info.time_limit {
        let _ = write!(out, "TM[{tm}]");
    }
    text_prop(out, "OT", info.overtime.as_deref());
}

/// The node of move `n` (from 1) by `color`: the move, then what it left
/// on the mover's clock (`BL[secs]` and `OB[n]` for Black, `WL`/`OW` for
/// White), when the record has it.
fn move_node(rec: &SgfRecord, n: usize, (color, mv): (Color, Move)) -> String {
    let size = rec.size;
    let point = match mv {
        Move::Play(p) if size.contains(p) => p.to_sgf(size),
        _ => String::new(),
    };
    let mut node = format!(";{}[{point}]", color.letter());
    let time = rec.info.times.iter().find(|(at, _)| *at == n);
    if let Some((_, left)) = time {
        let c = color.letter();
        let _ = write!(node, "{c}L[{}]", left.seconds);
        if let Some(moves) = left.moves {
            let _ = write!(node, "O{c}[{moves}]");
        }
    }
    node
}

fn komi(k: f64) -> f64 {
    if k.is_finite() { k } else { 0.0 }
}

fn text_prop(out: &mut String, ident: &str, value: Option<&str>) {
    if let Some(v) = value {
        let _ = write!(out, "{ident}[{}]", escape(v));
    }
}

/// Writes a setup list on lines of its own, if it has points on the board.
fn setup_prop(out: &mut String, ident: &str, points: &[Point], size: BoardSize) {
    let mut pts: Vec<Point> = points
        .iter()
        .copied()
        .filter(|&p| size.contains(p))
        .collect();
    pts.sort_unstable();
    pts.dedup();
    if pts.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(ident);
    for (i, p) in pts.iter().enumerate() {
        if i > 0 && i % POINTS_PER_LINE == 0 {
            out.push('\n');
        }
        let _ = write!(out, "[{}]", p.to_sgf(size));
    }
}

/// Writes one node per move, a few moves to a line (at most
/// [`MOVES_PER_LINE`], and no wider than [`MOVE_LINE_WIDTH`]), each with
/// its extras; a line of moves starts again after a node with extras.
fn moves(out: &mut String, rec: &SgfRecord) {
    let (mut on_line, mut width) = (0, 0);
    for (i, &played) in rec.moves.iter().enumerate() {
        let node = move_node(rec, i + 1, played);
        if on_line % MOVES_PER_LINE == 0 || width + node.len() > MOVE_LINE_WIDTH {
            out.push('\n');
            (on_line, width) = (0, 0);
        }
        out.push_str(&node);
        width += node.len();
        let before = out.len();
        node_extras(out, rec, i + 1);
        on_line = if out.len() > before { 0 } else { on_line + 1 };
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::TimeLeft;
    use super::super::{SgfGame, SgfInfo, parse_sgf};
    use super::*;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    fn pt(sgf: &str, n: u32) -> Point {
        Point::from_sgf(sgf, size(n)).unwrap().unwrap()
    }

    fn plays(g: &SgfGame) -> Vec<(Color, Move)> {
        g.nodes.iter().filter_map(|n| n.play).collect()
    }

    fn record() -> SgfRecord {
        let s = size(9);
        SgfRecord {
            size: s,
            komi: 6.5,
            handicap: 2,
            setup_black: vec![pt("gc", 9), pt("cg", 9)],
            setup_white: vec![],
            black_name: "alice [bot]".into(),
            white_name: "bob\\".into(),
            date: Some("2026-11-22".into()),
            rules: Some("Japanese".into()),
            result: Some("W+3.5".into()),
            moves: (0..12)
                .map(|i| {
                    let c = if i % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let m = if i == 11 {
                        Move::Pass
                    } else {
                        Move::Play(Point::new(i % 9, i / 9))
                    };
                    (c, m)
                })
                .collect(),
            info: SgfInfo {
                game_name: Some("game7: alice vs bob".into()),
                place: Some("pbmgo [test]".into()),
                comments: vec![
                    (0, "bob: good luck".into()),
                    (2, "alice: a ] and a \\ here\nsecond line".into()),
                    (2, "bob: ok".into()),
                    (14, "late".into()),
                ],
                territory_black: vec![pt("aa", 9), pt("ab", 9)],
                territory_white: vec![pt("ii", 9)],
                ..SgfInfo::default()
            },
        }
    }

    #[test]
    fn writes_a_small_record() {
        let out = write_sgf(&record()).replace(env!("CARGO_PKG_VERSION"), "VERSION");
        insta::assert_snapshot!(out, @r"
        (;FF[4]GM[1]CA[UTF-8]AP[pbmgo:VERSION]SZ[9]KM[6.5]HA[2]RU[Japanese]DT[2026-11-22]
        GN[game7: alice vs bob]PC[pbmgo [test\]]PB[alice [bot\]]PW[bob\\]RE[W+3.5]
        AB[cg][gc]
        C[bob: good luck]
        ;W[ai];B[bi]
        C[alice: a \] and a \\ here
        second line
        bob: ok]
        ;W[ci];B[di];W[ei];B[fi];W[gi];B[hi];W[ii];B[ah];W[bh];B[]
        C[late]
        TB[ab][aa]
        TW[ii]
        )
        ");
    }

    #[test]
    fn written_records_read_back() {
        let rec = record();
        let out = write_sgf(&rec);
        assert!(out.lines().all(|l| l.len() <= 80), "{out}");
        assert_round_trip(&rec);
    }

    #[test]
    fn writes_the_time_terms_and_the_clock_after_each_move() {
        let mut rec = record();
        rec.info.time_limit = Some(1_209_600);
        rec.info.overtime = Some("5x86400 byo-yomi".into());
        let left = |seconds, moves| TimeLeft { seconds, moves };
        rec.info.times = (1..=12)
            .map(|n| match n {
                ..=8 => (n, left(1_209_600 - 3600 * n as i64, None)),
                _ => (n, left(86_400 - 60 * n as i64, Some(5 - n as u32 % 2))),
            })
            .collect();
        let out = write_sgf(&rec).replace(env!("CARGO_PKG_VERSION"), "VERSION");
        insta::assert_snapshot!(out, @r"
        (;FF[4]GM[1]CA[UTF-8]AP[pbmgo:VERSION]SZ[9]KM[6.5]HA[2]RU[Japanese]DT[2026-11-22]
        GN[game7: alice vs bob]PC[pbmgo [test\]]PB[alice [bot\]]PW[bob\\]RE[W+3.5]
        AB[cg][gc]
        TM[1209600]OT[5x86400 byo-yomi]
        C[bob: good luck]
        ;W[ai]WL[1206000];B[bi]BL[1202400]
        C[alice: a \] and a \\ here
        second line
        bob: ok]
        ;W[ci]WL[1198800];B[di]BL[1195200];W[ei]WL[1191600];B[fi]BL[1188000]
        ;W[gi]WL[1184400];B[hi]BL[1180800];W[ii]WL[85860]OW[4]
        ;B[ah]BL[85800]OB[5];W[bh]WL[85740]OW[4];B[]BL[85680]OB[5]
        C[late]
        TB[ab][aa]
        TW[ii]
        )
        ");
        let written = write_sgf(&rec);
        assert!(written.lines().all(|l| l.len() <= 80), "{written}");
        assert_round_trip(&rec);
    }

    fn assert_round_trip(rec: &SgfRecord) {
        let g = parse_sgf(write_sgf(rec).as_bytes()).unwrap();
        let sorted = |v: &[Point]| {
            let mut v = v.to_vec();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(g.size, rec.size);
        assert_eq!(g.komi, Some(rec.komi));
        assert_eq!(g.handicap.unwrap_or(0), rec.handicap);
        assert_eq!(g.black_name.as_deref(), Some(rec.black_name.as_str()));
        assert_eq!(g.white_name.as_deref(), Some(rec.white_name.as_str()));
        assert_eq!(
            (&g.result, &g.date, &g.rules),
            (&rec.result, &rec.date, &rec.rules)
        );
        let setup = g.nodes[0].setup.clone().unwrap_or_default();
        assert_eq!(setup.black, sorted(&rec.setup_black));
        assert_eq!(setup.white, sorted(&rec.setup_white));
        assert_eq!(plays(&g), rec.moves);
        assert_eq!(g.nodes.len(), rec.moves.len() + 1);
    }

    fn arb_record() -> impl Strategy<Value = SgfRecord> {
        (2u32..=25).prop_flat_map(|n| {
            let s = size(n);
            let point = (0..n as u8, 0..n as u8).prop_map(|(c, r)| Point::new(c, r));
            let mv = prop_oneof![1 => Just(Move::Pass), 8 => point.clone().prop_map(Move::Play)];
            let colour = prop_oneof![Just(Color::Black), Just(Color::White)];
            let name = "[ -~\u{e9}\u{674e}]{0,12}";
            (
                (-100i32..100).prop_map(|k| f64::from(k) / 2.0),
                0u32..10,
                prop::collection::vec(point.clone(), 0..8),
                prop::collection::vec(point, 0..8),
                (
                    name,
                    name,
                    prop::option::of(name),
                    prop::option::of(name),
                    prop::option::of(name),
                ),
                prop::collection::vec((colour, mv), 0..40),
            )
                .prop_map(
                    move |(komi, handicap, setup_black, setup_white, names, moves)| SgfRecord {
                        size: s,
                        komi,
                        handicap,
                        setup_black,
                        setup_white,
                        black_name: names.0,
                        white_name: names.1,
                        date: names.2,
                        rules: names.3,
                        result: names.4,
                        moves,
                        info: SgfInfo::default(),
                    },
                )
        })
    }

    proptest! {
        #[test]
        fn never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            let _ = parse_sgf(&bytes);
        }

        #[test]
        fn never_panics_on_mutated_records(rec in arb_record(), edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
            let mut bytes = write_sgf(&rec).into_bytes();
            for (at, b) in edits {
                let i = at.index(bytes.len());
                match b % 3 {
                    0 => bytes[i] = b"()[];:\\aAtB"[b as usize % 11],
                    1 => { bytes.remove(i); }
                    _ => bytes.insert(i, b),
                }
            }
            let _ = parse_sgf(&bytes);
        }

        #[test]
        fn written_records_round_trip(rec in arb_record()) {
            assert_round_trip(&rec);
        }
    }
}
