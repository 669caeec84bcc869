//! Benson's test and the proposed count on positions drawn as diagrams.

use super::benson::pass_alive;
use super::*;
use crate::score::dead_strings;

fn board(rows: &[&str]) -> Position {
    Position::from_rows(rows).unwrap()
}

fn pts(texts: &[&str]) -> Vec<Point> {
    let mut v: Vec<Point> = texts.iter().map(|t| t.parse().unwrap()).collect();
    v.sort();
    v
}

/// The points Benson's test finds pass-alive for `color`, sorted.
fn alive(pos: &Position, color: Color) -> Vec<Point> {
    let size = pos.size();
    let flags = pass_alive(pos, color).alive;
    size.all_points().filter(|p| flags[p.index(size)]).collect()
}

/// Every stone of `color` on `pos`.
fn all(pos: &Position, color: Color) -> Vec<Point> {
    let size = pos.size();
    size.all_points()
        .filter(|&p| pos.get(p) == Some(color))
        .collect()
}

#[test]
fn two_single_eyes_are_pass_alive() {
    let pos = board(&[
        ".X.X.", //
        "XXXXX", ".....", ".....", ".....",
    ]);
    assert_eq!(alive(&pos, Color::Black), all(&pos, Color::Black));
    assert!(alive(&pos, Color::White).is_empty());
}

#[test]
fn one_eye_is_not_pass_alive() {
    let pos = board(&[
        ".XX..", //
        "XXX..", ".....", ".....", ".....",
    ]);
    assert!(alive(&pos, Color::Black).is_empty());
}

#[test]
fn a_big_eye_is_not_vital_so_not_pass_alive() {
    // The eye space C4-D4-E4-C3-D3-E3 (6x6 corner) has points that are no
    // liberty of the wall: Benson cannot rely on it.
    let pos = board(&[
        "......", //
        "......", "XXXXXX", "......", "......", "......",
    ]);
    assert!(alive(&pos, Color::Black).is_empty());
}

#[test]
fn two_strings_sharing_two_eyes_are_both_pass_alive() {
    // B1 and the string A2-A3-B3-C3-C2 are two strings; the eyes A1 and
    // B2 are liberties of both, so each has two vital regions.
    let pos = board(&[
        ".....", //
        "OOOO.", "XXXO.", "X.XO.", ".X.O.",
    ]);
    assert_eq!(alive(&pos, Color::Black), all(&pos, Color::Black));
}

#[test]
fn filling_one_shared_eye_leaves_one_vital_region() {
    // As above with B2 filled: one string, whose only vital region is A1
    // (C1 opens onto White's side).
    let pos = board(&[
        ".....", //
        "OOOO.", "XXXO.", "XXXO.", ".X.O.",
    ]);
    assert!(alive(&pos, Color::Black).is_empty());
}

#[test]
fn stones_inside_a_pass_alive_eye_are_enclosed() {
    // Black's corner has the eye B7 and the eye space B5-C5-D5 holding a
    // white stone at C5: every empty point there is a liberty of Black.
    let pos = board(&[
        "X.XXX..", //
        "XXXXX..", "X.O.X..", "XXXXX..", ".......", ".......", ".......",
    ]);
    let black = pass_alive(&pos, Color::Black);
    let size = pos.size();
    let c5: Point = "C5".parse().unwrap();
    assert!(black.enclosed[c5.index(size)]);
    assert_eq!(alive(&pos, Color::Black), all(&pos, Color::Black));
    assert_eq!(propose(&pos), pts(&["C5"]));
}

#[test]
fn seki_is_not_pass_alive_and_stays_alive() {
    let pos = board(&[
        "....OX.", //
        "....OX.", "....OX.", "OOOOOX.", "XXXOXX.", "X.OXX..", ".OOX...",
    ]);
    assert!(alive(&pos, Color::Black).is_empty());
    assert!(alive(&pos, Color::White).is_empty());
    assert_eq!(propose(&pos), Vec::<Point>::new());
}

#[test]
fn a_dead_stone_in_territory_is_marked() {
    let pos = board(&[
        ".....X...", //
        "...O.X...",
        ".....X...",
        ".....X...",
        "XXXXXX...",
        ".........",
        "......O..",
        ".........",
        ".........",
    ]);
    // D8 (white, inside Black's top-left) is dead; G3 (white, in the open
    // lower right) too: Black owns everything else.
    let dead = propose(&pos);
    assert!(dead.contains(&"D8".parse().unwrap()), "{dead:?}");
}

#[test]
fn dead_groups_on_both_sides_of_a_settled_board() {
    let pos = board(&[
        ".X.XO.O.O", //
        "XXXXOOOOO",
        "..XO.....",
        "..XO..X..",
        ".OXO.....",
        "..XO.....",
        "..XOOOOOO",
        "XXXXXXXXX",
        ".X...X...",
    ]);
    assert_eq!(propose(&pos), pts(&["B5", "G6"]));
}

#[test]
fn pass_alive_strings_are_never_proposed_dead() {
    // A small two-eyed black group deep in White's area.
    let pos = board(&[
        "OOOOOOO", //
        "OXXXXXO", "OX.X.XO", "OXXXXXO", "OOOOOOO", ".......", ".......",
    ]);
    let size = pos.size();
    let flags = pass_alive(&pos, Color::Black).alive;
    let dead = propose(&pos);
    assert!(size.all_points().any(|p| flags[p.index(size)]));
    assert!(dead.iter().all(|p| !flags[p.index(size)]), "{dead:?}");
}

#[test]
fn the_proposal_is_deterministic_and_whole_strings() {
    let pos = board(&[
        ".X.XO.O.O", //
        "XXXXOOOOO",
        "..XO.....",
        "..XO.OX..",
        ".OXO.OX..",
        "..XO.....",
        "..XOOOOOO",
        "XXXXXXXXX",
        ".X...X...",
    ]);
    let first = propose(&pos);
    assert_eq!(first, propose(&pos));
    assert_eq!(dead_strings(&pos, &first), first);
}

#[test]
fn propose_game_counts_under_the_games_rules() {
    let pos = board(&[
        ".X.XO.O.O", //
        "XXXXOOOOO",
        "..XO.....",
        "..XO..X..",
        ".OXO.....",
        "..XO.....",
        "..XOOOOOO",
        "XXXXXXXXX",
        ".X...X...",
    ]);
    let game = Game::from_position(&pos, Color::Black, crate::Rules::default());
    let (dead, score) = propose_game(&game);
    assert_eq!(dead, pts(&["B5", "G6"]));
    assert_eq!(score, score_game(&game, &dead));
}

#[test]
fn a_bent_three_sacrifice_kills_a_group_sharing_its_liberties() {
    // White's string F9-F8-G8-H8-G7-H7-J7-J6 and Black's H9-J9 share their
    // two liberties G9 and J8, and neither has an eye: not a seki. Black
    // plays G9 (or J8): both strings are in atari at once, White must take
    // three stones, and Black's throw-in at the vital point of the bent
    // three left behind kills. Black's wall has two eyes (A8, C8).
    let pos = board(&[
        "XXXXXO.XX", //
        ".X.XXOOO.",
        "XXXXXXOOO",
        ".....XXXO",
        ".......XX",
        ".........",
        ".........",
        ".........",
        ".........",
    ]);
    assert_eq!(
        propose(&pos),
        pts(&["F9", "F8", "G8", "H8", "G7", "H7", "J7", "J6"])
    );
}

#[test]
fn three_stones_in_atari_in_the_eye_space_leave_a_nakade() {
    // Black's corner can take B9-B8-B7 at C9, but the space they leave is a
    // straight three: White plays its middle (B8) and Black has one eye.
    let pos = board(&[
        "XO.XO....", //
        "XOXXO....",
        "XOX.O....",
        "XXXOO....",
        "OOOO.....",
        ".........",
        ".........",
        ".........",
        ".........",
    ]);
    assert_eq!(
        propose(&pos),
        pts(&["A9", "A8", "A7", "A6", "B6", "C6", "C7", "C8", "D8", "D9"])
    );
}

#[test]
fn a_seki_with_a_false_eye_like_shared_liberty_stays_alive() {
    // Black's string D8..J5 (liberties G9, J7), White's H8-J8 (J9, J7) and
    // Black's H9 (G9, J9) hold each other in seki inside White's living
    // wall: whoever fills one of those points loses. Filling G9 looks
    // harmless for Black but hands White the sacrifice at J7 that kills.
    let pos = board(&[
        ".OOOOX.X.", //
        "O.OXXXXOO",
        "OOOOOXXX.",
        "....OOOXX",
        "......OOX",
        ".......OO",
        ".........",
        ".........",
        ".........",
    ]);
    assert_eq!(propose(&pos), Vec::<Point>::new());
}
