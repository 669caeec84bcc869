//! Tests of the SGF reader: the grammar and sgfmill's quirks.

use super::grammar::{Node, parse_game_tree};
use super::*;
use crate::color::Color;
use crate::coords::{BoardSize, Move, Point};

fn size(n: u32) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn pt(sgf: &str, n: u32) -> Point {
    Point::from_sgf(sgf, size(n)).unwrap().unwrap()
}

fn plays(g: &SgfGame) -> Vec<(Color, Move)> {
    g.nodes.iter().filter_map(|n| n.play).collect()
}

#[test]
fn reads_game_information() {
    let g = parse_sgf(b"(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]PB[Al\\]ice]PW[B\\\\ob]RE[W+3.5]RU[Japanese]DT[2026-11-22];B[cc])")
        .unwrap();
    assert_eq!(g.size, size(9));
    assert_eq!(g.komi, Some(6.5));
    assert_eq!(g.handicap, Some(2));
    assert_eq!(g.black_name.as_deref(), Some("Al]ice"));
    assert_eq!(g.white_name.as_deref(), Some("B\\ob"));
    assert_eq!(g.result.as_deref(), Some("W+3.5"));
    assert_eq!(g.rules.as_deref(), Some("Japanese"));
    assert_eq!(g.date.as_deref(), Some("2026-11-22"));
    assert_eq!(plays(&g), vec![(Color::Black, Move::Play(pt("cc", 9)))]);
}

#[test]
fn defaults_and_unreadable_info_are_none() {
    let g = parse_sgf(b"(;KM[lots]HA[0]PB[soft\\\nbreak])").unwrap();
    assert_eq!(g.size, size(19));
    assert_eq!((g.komi, g.handicap), (None, None));
    assert_eq!(g.black_name.as_deref(), Some("softbreak"));
    assert_eq!(g.nodes, vec![SgfNode::default()]);
}

#[test]
fn sizes_follow_sgfmill_plus_square_pairs() {
    for (sz, n) in [
        ("9", 9),
        (" 13 ", 13),
        ("+7", 7),
        ("1_9", 19),
        ("19:19", 19),
        ("2", 2),
        ("25", 25),
    ] {
        let g = parse_sgf(format!("(;SZ[{sz}])").as_bytes()).unwrap();
        assert_eq!(g.size, size(n), "{sz}");
    }
    for sz in [
        "",
        "1",
        "26",
        "0",
        "-9",
        "19:9",
        "9x9",
        "1 9",
        "19:",
        "1__9",
        "99999999999",
    ] {
        let e = parse_sgf(format!("(;SZ[{sz}])").as_bytes()).unwrap_err();
        assert!(matches!(e, SgfError::BadSize(_)), "{sz}: {e}");
    }
}

#[test]
fn passes_tt_and_empty() {
    let g = parse_sgf(b"(;SZ[19];B[];W[tt];B[ss])").unwrap();
    assert_eq!(
        plays(&g),
        vec![
            (Color::Black, Move::Pass),
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(Point::new(18, 0)))
        ]
    );
    let g = parse_sgf(b"(;SZ[21];B[tt])").unwrap();
    assert_eq!(
        plays(&g),
        vec![(Color::Black, Move::Play(Point::new(19, 1)))]
    );
}

#[test]
fn bad_points_are_errors() {
    for bad in [
        "(;SZ[9];B[jj])",
        "(;B[ aa])",
        "(;B[aa ])",
        "(;B[AA])",
        "(;B[a])",
        "(;B[ ])",
        "(;AB[tt])",
        "(;AB[aa][])",
    ] {
        let e = parse_sgf(bad.as_bytes()).unwrap_err();
        assert!(matches!(e, SgfError::BadPoint { .. }), "{bad}: {e}");
    }
    let e = parse_sgf(b"(;SZ[9];B[aa];W[zz])").unwrap_err();
    assert_eq!(
        e,
        SgfError::BadPoint {
            prop: "W",
            value: "zz".into(),
            node: 2
        }
    );
    assert_eq!(e.to_string(), "bad point 'zz' in W of node 2");
}

#[test]
fn both_colours_in_a_node_play_black_as_sgfmill() {
    let g = parse_sgf(b"(;SZ[9];W[bb]B[aa]B[cc])").unwrap();
    assert_eq!(plays(&g), vec![(Color::Black, Move::Play(pt("aa", 9)))]);
}

#[test]
fn setup_anywhere_with_compressed_lists() {
    let g = parse_sgf(b"(;SZ[5]AB[aa:bb][ee]AW[cc];B[dd]AE[aa]AddWhite[];W[ab:ac])").unwrap_err();
    assert!(matches!(g, SgfError::BadPoint { .. }));
    let g = parse_sgf(b"(;SZ[5]AB[aa:bb][ee][aa]AW[cc];B[dd]AE[aa]AddWhite[];W[ab])").unwrap();
    let root = g.nodes[0].setup.as_ref().unwrap();
    let mut black = vec![
        pt("aa", 5),
        pt("ab", 5),
        pt("ba", 5),
        pt("bb", 5),
        pt("ee", 5),
    ];
    black.sort();
    assert_eq!(root.black, black);
    assert_eq!(root.white, vec![pt("cc", 5)]);
    let second = &g.nodes[1];
    assert_eq!(
        second.setup,
        Some(Setup {
            black: vec![],
            white: vec![],
            empty: vec![pt("aa", 5)]
        })
    );
    assert_eq!(second.play, Some((Color::Black, Move::Play(pt("dd", 5)))));
    assert_eq!(g.nodes[2].setup, None);
    for bad in [
        "(;AB[cc:aa])",
        "(;AB[aa:])",
        "(;AB[aa:bb:cc])",
        "(;SZ[5]AB[aa:ff])",
    ] {
        assert!(parse_sgf(bad.as_bytes()).is_err(), "{bad}");
    }
}

#[test]
fn variations_and_empty_nodes() {
    let g = parse_sgf(b"(;SZ[9];(;B[aa];;W[bb](;B[cc])(;B[dd]))(;B[ee]))").unwrap();
    assert_eq!(g.nodes.len(), 6);
    assert_eq!(g.nodes[1], SgfNode::default());
    assert_eq!(g.nodes[3], SgfNode::default());
    let got: Vec<_> = plays(&g)
        .iter()
        .map(|(_, m)| m.point().unwrap().to_sgf(g.size))
        .collect();
    assert_eq!(got, ["aa", "bb", "cc"]);
}

#[test]
fn old_style_identifiers() {
    let g = parse_sgf(b"(;GaMe[1]SiZe[9]AddBlack[aa]PlayerBlack[x];Black[bb];White[cc];b[dd])")
        .unwrap();
    assert_eq!(g.size, size(9));
    assert_eq!(g.black_name.as_deref(), Some("x"));
    assert_eq!(g.nodes[0].setup.as_ref().unwrap().black, vec![pt("aa", 9)]);
    assert_eq!(plays(&g).len(), 2);
    assert_eq!(g.nodes[3].play, None);
}

#[test]
fn latin1_and_invalid_bytes_never_fail() {
    let g = parse_sgf(b"(;PB[Jos\xe9]PW[\xff\xfe])").unwrap();
    assert_eq!(g.black_name.as_deref(), Some("Jos\u{e9}"));
    let g = parse_sgf(b"(;CA[GB2312]PB[\xc0\xee]PW[\xe6\x9d\x8e])").unwrap();
    assert_eq!(g.white_name.as_deref(), Some("\u{674e}"));
    assert!(g.black_name.is_some());
}

#[test]
fn garbage_and_truncated_input_are_errors() {
    let good = b"(;GM[1]SZ[9]KM[6.5];B[cc];W[gg](;B[ee])(;B[ff]))";
    for cut in 0..good.len() {
        assert!(parse_sgf(&good[..cut]).is_err(), "cut at {cut}");
    }
    assert!(parse_sgf(good).is_ok());
    assert_eq!(parse_sgf(b"").unwrap_err(), SgfError::NoGameTree);
    assert_eq!(parse_sgf(b"\x00\xff(").unwrap_err(), SgfError::NoGameTree);
    assert!(matches!(
        parse_sgf(b"(;B[aa] %)"),
        Err(SgfError::Syntax { offset: 8, .. })
    ));
}

// ---- grammar

fn idents(input: &[u8]) -> Vec<Vec<String>> {
    let tree = parse_game_tree(input).unwrap();
    let line = tree.main_line();
    let names = |n: &Node| {
        n.props
            .iter()
            .map(|p| String::from_utf8_lossy(&p.ident).into())
            .collect()
    };
    line.into_iter().map(names).collect()
}

#[test]
fn skips_leading_junk_and_trailing_games() {
    let t = parse_game_tree(b"junk ( x ( \n ;FF[4];B[aa])(;B[bb])").unwrap();
    assert_eq!(t.main_line().len(), 2);
    assert_eq!(t.main_line()[1].first("B"), Some(&b"aa"[..]));
}

#[test]
fn follows_first_variation() {
    let t = parse_game_tree(b"(;SZ[9](;B[aa](;W[bb])(;W[cc]));B[dd])").unwrap_err();
    assert!(matches!(
        t,
        SgfError::Syntax {
            reason: "unexpected node",
            ..
        }
    ));
    let t = parse_game_tree(b"(;SZ[9](;B[aa](;W[bb])(;W[cc]))(;B[dd]))").unwrap();
    let moves: Vec<_> = t
        .main_line()
        .iter()
        .filter_map(|n| n.first("B").or(n.first("W")))
        .collect();
    assert_eq!(moves, vec![&b"aa"[..], &b"bb"[..]]);
}

#[test]
fn drops_lower_case_letters_and_merges_repeats() {
    assert_eq!(
        idents(b"(;AddBlack[aa]AB[bb]foo[x])"),
        vec![vec!["AB".to_string(), String::new()]]
    );
    let t = parse_game_tree(b"(;AddBlack[aa]AB[bb])").unwrap();
    assert_eq!(t.main_line()[0].get("AB").map(<[_]>::len), Some(2));
}

#[test]
fn raw_values_keep_escapes() {
    let t = parse_game_tree(b"(;C[a\\]b\\\\]GN[x])").unwrap();
    assert_eq!(t.main_line()[0].first("C"), Some(&b"a\\]b\\\\"[..]));
    assert_eq!(t.main_line()[0].first("GN"), Some(&b"x"[..]));
}

#[test]
fn long_identifiers_split_at_64_letters() {
    let long = format!("(;{}[x])", "A".repeat(65));
    assert!(parse_game_tree(long.as_bytes()).is_err());
    let ok = format!("(;{}[x])", "A".repeat(64));
    assert!(parse_game_tree(ok.as_bytes()).is_ok());
}

#[test]
fn malformed_trees_are_errors() {
    let cases: &[&[u8]] = &[
        b"",
        b"(B[aa])",
        b"(;B[aa]",
        b"(;B[aa",
        b"(;B[aa]\\",
        b"(;B)",
        b"(;[aa])",
        b"(;B[aa]())",
        b"(;B[aa](W[bb]))",
        b"(;B[aa] 1)",
        b"(;B[aa](;W[bb])C[x])",
    ];
    for c in cases {
        assert!(
            parse_game_tree(c).is_err(),
            "{}",
            String::from_utf8_lossy(c)
        );
    }
    assert_eq!(
        parse_game_tree(b"no game").unwrap_err(),
        SgfError::NoGameTree
    );
}
