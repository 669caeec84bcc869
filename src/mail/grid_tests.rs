//! The tests of `grid`: which blocks are tables, and their cells.

use super::{Grid, grid};

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

#[test]
fn the_players_table_is_cut_at_its_single_and_wide_gutters() {
    let lines = [
        "  Player       Rank Rating Act Last seen",
        "  bob            3k   1812   1 2026-11-22",
        "  alice           ?    100   1 2026-11-21",
    ];
    assert_eq!(
        grid(&lines),
        Some(Grid {
            head: strings(&["Player", "Rank", "Rating", "Act", "Last seen"]),
            rows: vec![
                strings(&["bob", "3k", "1812", "1", "2026-11-22"]),
                strings(&["alice", "?", "100", "1", "2026-11-21"]),
            ],
            numeric: vec![false, false, true, true, true],
        })
    );
}

#[test]
fn blank_lines_and_trailing_spaces_do_not_count() {
    let lines = ["Name   Wins  Pts   ", "", "ann       2    2", "  "];
    let g = grid(&lines).expect("a grid");
    assert_eq!(g.head, strings(&["Name", "Wins", "Pts"]));
    assert_eq!(g.rows, vec![strings(&["ann", "2", "2"])]);
}

#[test]
fn what_is_not_a_grid() {
    let cases: [&[&str]; 8] = [
        // A header alone.
        &["  Pl  Player   Pts"],
        // Two columns.
        &["  Player   Pts", "  ann        2"],
        // Every gutter a single space.
        &["  Pl Player Pts", "  1  ann    2"],
        // A header cell that is a number, or empty over a column.
        &["  Pl  9x9  Pts", "  1   ann    2"],
        &["  Pl  Player      Pts", "  1   ann    3k    2"],
        // An empty cell in a row.
        &[
            "  Pl  Player   Club   Pts",
            "  1   ann      Kyoto    2",
            "  2   bob               1",
        ],
        // No column of numbers.
        &["  Pl  Player   Rank", "  a   ann      3k"],
        // A tab.
        &["  Pl  Player\tPts  SOS", "  1   ann\t2    4"],
    ];
    for lines in cases {
        assert_eq!(grid(lines), None, "{lines:?}");
    }
    let board = ["    A B C", " 3  . . .  3", " 2  . X .  2"];
    assert_eq!(grid(&board), None);
}

#[test]
fn numbers_are_places_points_and_scores() {
    let lines = [
        "  Pl  Player  Pts  W-L   Diff  Rank",
        "  1=  ann     2½   3-1   +12   3k",
        "  1=  bob     1.5  2/2   -4    -",
    ];
    let g = grid(&lines).expect("a grid");
    assert_eq!(g.numeric, vec![true, false, true, true, true, false]);
}
