//! The ladder: who may challenge whom (reach, not below, not oneself), how
//! places move after a win, joining at the bottom and withdrawing.

use pbmgo_pairing::{DEFAULT_REACH, Ladder, LadderError, after_win, may_challenge};

/// A ladder of the letters, top first.
fn ladder(order: &str) -> Ladder<char> {
    Ladder::new(order.chars().collect()).unwrap()
}

fn order(l: &Ladder<char>) -> String {
    l.players().iter().collect()
}

#[test]
fn challenges_reach_up_to_five_places_by_default() {
    let l = ladder("abcdefgh");
    assert_eq!(DEFAULT_REACH, 5);
    // h is 8th: places 3 to 7 are within 5.
    for target in ['c', 'd', 'e', 'f', 'g'] {
        assert_eq!(
            may_challenge(&l, 'h', target, DEFAULT_REACH),
            Ok(()),
            "h -> {target}"
        );
    }
    assert_eq!(
        may_challenge(&l, 'h', 'b', DEFAULT_REACH),
        Err(LadderError::OutOfReach {
            challenger: 8,
            target: 2,
            reach: 5
        })
    );
    assert_eq!(may_challenge(&l, 'h', 'b', 6), Ok(()));
    assert_eq!(
        may_challenge(&l, 'c', 'a', 1).unwrap_err().to_string(),
        "place 1 is 2 places above place 3, more than 1"
    );
}

#[test]
fn no_challenge_below_or_of_oneself_or_of_strangers() {
    let l = ladder("abcd");
    assert_eq!(
        may_challenge(&l, 'b', 'd', 5),
        Err(LadderError::Below {
            challenger: 2,
            target: 4
        })
    );
    assert_eq!(
        may_challenge(&l, 'b', 'b', 5),
        Err(LadderError::SelfChallenge)
    );
    assert_eq!(
        may_challenge(&l, 'z', 'a', 5),
        Err(LadderError::NotOnLadder('z'))
    );
    assert_eq!(
        may_challenge(&l, 'b', 'z', 5),
        Err(LadderError::NotOnLadder('z'))
    );
}

#[test]
fn a_winner_from_below_takes_the_place_and_the_others_move_down_one() {
    let l = ladder("abcdefg");
    // f (6th) beats c (3rd): f takes 3rd, c d e move down one.
    assert_eq!(order(&after_win(&l, 'f', 'c').unwrap()), "abfcdeg");
    // The one just above: a swap.
    assert_eq!(order(&after_win(&l, 'b', 'a').unwrap()), "bacdefg");
    // The higher player wins: nothing moves.
    assert_eq!(order(&after_win(&l, 'c', 'f').unwrap()), "abcdefg");
    assert_eq!(after_win(&l, 'c', 'x'), Err(LadderError::NotOnLadder('x')));
    assert_eq!(after_win(&l, 'c', 'c'), Err(LadderError::SelfChallenge));
}

#[test]
fn joining_goes_to_the_bottom_and_withdrawing_closes_the_gap() {
    let l = ladder("abc");
    let l = l.join('d').unwrap();
    assert_eq!(order(&l), "abcd");
    assert_eq!(l.place('d'), Some(4));
    assert_eq!(l.join('b'), Err(LadderError::AlreadyOn('b')));
    let l = l.withdraw('b').unwrap();
    assert_eq!(order(&l), "acd");
    assert_eq!((l.place('c'), l.place('b')), (Some(2), None));
    assert_eq!(l.withdraw('b'), Err(LadderError::NotOnLadder('b')));
    assert_eq!(
        Ladder::new(vec!['a', 'b', 'a']),
        Err(LadderError::AlreadyOn('a'))
    );
    assert!(Ladder::<char>::default().players().is_empty());
}
