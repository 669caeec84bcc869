//! The words of conditional moves (`if GAME P1 Q1 ...`): what setting,
//! listing and clearing them says, the refusals, and what the players are
//! told when an answer is played for one of them or their sequences are
//! cleared. The opponent's words never mention the sequences.

use crate::go::{Move, Point};
use crate::store::GameId;

/// What `if GAME P1 Q1 ...` says once the sequence `moves` is set in
/// `id` against `opponent`; `count` sequences wait there now.
pub(crate) fn set(id: GameId, opponent: &str, moves: &[Move], count: usize) -> String {
    let steps: Vec<String> = moves
        .chunks(2)
        .map(|pair| match pair {
            [Move::Pass, q] => format!("if {opponent} passes, you answer {q}"),
            [p, q] => format!("if {opponent} plays {p}, you answer {q}"),
            _ => String::new(),
        })
        .collect();
    format!(
        "Conditional moves set in {id}: {}. {} (if {id} lists them, if {id} off clears them; \
         {opponent} is not told about them).",
        steps.join("; then "),
        waiting(count)
    )
}

/// How many sequences wait, as a sentence.
fn waiting(count: usize) -> String {
    match count {
        1 => "1 sequence is waiting".to_string(),
        n => format!("{n} sequences are waiting"),
    }
}

/// What `if GAME` says: each sequence as the line that sets it.
pub(crate) fn list(id: GameId, lines: &[Vec<Move>]) -> String {
    if lines.is_empty() {
        return format!("You have no conditional moves in {id}.");
    }
    let mut out = format!("Your conditional moves in {id}:\n");
    for line in lines {
        let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
        out += &format!("\n    if {id} {}", moves.join(" "));
    }
    out
}

/// What `if GAME off` says; `count` sequences were cleared.
pub(crate) fn cleared(id: GameId, count: usize) -> String {
    match count {
        0 => format!("You had no conditional moves in {id}; nothing was cleared."),
        1 => format!("Your conditional moves in {id} were cleared (1 sequence)."),
        n => format!("Your conditional moves in {id} were cleared ({n} sequences)."),
    }
}

/// `conditional-your-move`: the sender is to move in `id`, so there is no
/// opponent's move to answer yet.
pub(crate) fn your_move_first(id: GameId, next: u32) -> String {
    format!(
        "it is your move in {id}: conditional moves answer your opponent's next move, so play \
         move {next} first (the same mail may carry the move and then the if lines)"
    )
}

/// `conditional-conflict`: the new sequence answers `their` with `new`
/// where a waiting one answers it with `old`.
pub(crate) fn conflict(id: GameId, their: Move, old: Move, new: Move) -> String {
    format!(
        "this sequence answers {their} with {new}, but one you set in {id} answers it with \
         {old}; choose the same answer, or clear them first with if {id} off"
    )
}

/// `conditional-limit`: the sender already has `max` sequences in `id`.
pub(crate) fn limit(id: GameId, max: usize) -> String {
    format!("you already have {max} conditional sequences in {id}, the most one game may hold")
}

/// To the player whose answer was played: which one, its number and
/// the stones it captured.
pub(crate) fn played_for_you(answer: Move, number: u32, captured: &[Point], left: usize) -> String {
    let rest = match left {
        0 => "No conditional moves are left.".to_string(),
        n => format!("{} for the next move.", waiting(n)),
    };
    format!(
        "Your conditional answer was played for you: {answer} as move {number}{}. {rest}",
        captures(captured)
    )
}

/// ` and captured 2 stones: C3 C4`, or nothing.
fn captures(captured: &[Point]) -> String {
    let points: Vec<String> = captured.iter().map(ToString::to_string).collect();
    match points.len() {
        0 => String::new(),
        1 => format!(" and captured 1 stone: {}", points[0]),
        n => format!(" and captured {n} stones: {}", points.join(" ")),
    }
}

/// To the player whose answer was played: it is the opponent's turn now.
pub(crate) fn their_turn(opponent: &str, next: u32) -> String {
    format!("It is {opponent}'s turn to play move {next}; you will be mailed when they have.")
}

/// To the player whose sequences a move matching none of them cleared.
pub(crate) fn deviated(id: GameId, mover: &str, what: Move) -> String {
    format!(
        "Your conditional moves in {id} were cleared: {mover} played {what}, which none of \
         them expected."
    )
}

/// To the player whose answer could not be played, with the reason.
pub(crate) fn answer_illegal(id: GameId, answer: Move, why: &str) -> String {
    format!(
        "Your conditional moves in {id} were cleared: your answer {answer} could not be \
         played ({why})."
    )
}
