//! `pbmgo tournament withdraw` (issue 30), the admin's withdrawal: before
//! the start the player is no longer entered; after it their game going on
//! ends as lost, they are told by letter, the admin's output names them,
//! and the next round is paired without them.

use crate::common::home::Home;
use crate::common::lifecycle::send;

use super::tournaments::{address, going, show, tournament};

#[test]
fn the_admin_withdraws_a_player_who_is_told_by_letter() {
    let h = tournament(4, &["--system", "swiss", "--rounds", "2"]);
    h.ok(&["tournament", "start", "cup"]);
    let round_one = going(&show(&h));
    let (game, black, white) = round_one
        .iter()
        .find(|(_, b, w)| b == "dan" || w == "dan")
        .cloned()
        .unwrap();
    let opponent = if black == "dan" { &white } else { &black };
    let said = h.ok(&["tournament", "withdraw", "cup", "dan"]);
    assert_eq!(
        said.trim(),
        format!(
            "dan withdrew from the tournament cup: their games played stand, and they are not \
             paired again. Their games in it that were going on count as lost: {game}."
        )
    );
    let letters = h.sent_to(&address("dan"));
    assert!(
        letters.iter().any(|m| m
            .flat()
            .contains("The tournament director withdrew you from the tournament cup")),
        "dan is told"
    );
    assert!(
        h.sent_to(&address(opponent)).iter().any(|m| m
            .flat()
            .contains("withdrew from the tournament cup; the game counts as lost by dan")),
        "{opponent} has the game's final mail"
    );
    for (game, black, _) in going(&show(&h)) {
        send(&h, &address(&black), &format!("resign {game}"));
    }
    let j = show(&h);
    assert_eq!(j["round"], 2, "{j}");
    let round_two = &j["rounds"][1];
    assert!(!round_two.to_string().contains("\"dan\""), "{round_two}");
    let again = h
        .cmd(&["tournament", "withdraw", "cup", "dan"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "already out: refused");
}

#[test]
fn before_the_start_the_admin_takes_a_player_off_the_list() {
    let h = tournament(3, &["--system", "round-robin"]);
    let said = h.ok(&["tournament", "withdraw", "cup", "cat"]);
    assert_eq!(said.trim(), "cat is no longer entered in cup.");
    let players = show(&h)["players"].to_string();
    assert!(!players.contains("cat"), "{players}");
}
