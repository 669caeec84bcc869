//! Conditional moves: the `if` command (set a sequence, list them, clear
//! them) and their firing when the opponent moves: the matching answer is
//! played at once, in the message's transaction, with its own move number;
//! a move no sequence expected, or an answer that became illegal, clears
//! them. Sequences form a tree (several lines for one game); two lines
//! answering the same move differently are refused.

use super::cmd::Cmd;
use super::load::load_own;
use crate::command::{GameRef, IfAction};
use crate::go::{Color, Move, Phase, Point};
use crate::pipeline::base::error::{CmdResult, reject_in};
use crate::pipeline::base::wording::conditional as words;
use crate::pipeline::base::wording::play as play_words;
use crate::pipeline::record::report::{Effect, Fired};
use crate::store::StoredGame;
use crate::store::conditionals::{self, Sequences};
use crate::store::games::{self, MoveEntry};

/// `if GAME ...`: sets a sequence, lists them or clears them.
pub(super) fn run(c: &Cmd<'_>, game: GameRef, action: &IfAction) -> CmdResult<Effect> {
    let (g, color) = load_own(c.conn, c.player, game)?;
    let size = g.game.position().size();
    let held = conditionals::load(c.conn, g.id, c.player.id, size)?;
    let current = held
        .filter(|s| s.base == g.game.move_number())
        .map(|s| s.lines)
        .unwrap_or_default();
    match action {
        IfAction::List => Ok(Effect::Text(words::list(g.id, &current))),
        IfAction::Off => {
            conditionals::clear(c.conn, g.id, c.player.id)?;
            let text = words::cleared(g.id, current.len());
            Ok(match current.is_empty() {
                true => Effect::Text(text),
                false => Effect::acted(text, None, Vec::new()),
            })
        }
        IfAction::Set(moves) => set(c, &g, color, current, moves),
    }
}

/// Adds the sequence `moves` to the sender's `current` ones in `g`.
fn set(
    c: &Cmd<'_>,
    g: &StoredGame,
    color: Color,
    mut current: Vec<Vec<Move>>,
    moves: &[Move],
) -> CmdResult<Effect> {
    match g.game.phase() {
        Phase::Play => {}
        Phase::Scoring => {
            return Err(reject_in(g.id, "game-over", play_words::being_scored(g.id)).into());
        }
        Phase::Finished => {
            let why = play_words::over_with(g.id, g.game.result());
            return Err(reject_in(g.id, "game-over", why).into());
        }
    }
    if g.game.to_move() == color {
        let why = words::your_move_first(g.id, g.game.move_number() + 1);
        return Err(reject_in(g.id, "conditional-your-move", why).into());
    }
    let size = g.game.position().size();
    for m in moves {
        Move::parse(&m.to_string(), size)
            .map_err(|e| reject_in(g.id, "bad-point", e.to_string()))?;
    }
    if let Some((their, old, new)) = conflict(&current, moves) {
        let why = words::conflict(g.id, their, old, new);
        return Err(reject_in(g.id, "conditional-conflict", why).into());
    }
    if !current.iter().any(|l| l.as_slice() == moves) {
        let max = c.env.settings.max_conditionals_per_game;
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        if current.len() >= max {
            let why = words::limit(g.id, max);
            return Err(reject_in(g.id, "conditional-limit", why).into());
        }
        current.push(moves.to_vec());
    }
    let sequences = Sequences {
        base: g.game.move_number(),
        lines: current,
    };
    conditionals::replace(c.conn, g.id, c.player.id, &sequences, c.env.now)?;
    let opponent = &g.player(color.opponent()).name;
    let text = words::set(g.id, opponent, moves, sequences.lines.len());
    Ok(Effect::acted(text, None, Vec::new()))
}

/// The first place where `new` answers an opponent's move differently
/// from one of `lines` that expects the same moves up to there: the
/// opponent's move, the old answer and the new one.
fn conflict(lines: &[Vec<Move>], new: &[Move]) -> Option<(Move, Move, Move)> {
    for line in lines {
        for (a, b) in line.chunks(2).zip(new.chunks(2)) {
            let ([p, q], [p2, q2]) = (a, b) else { break };
            if p != p2 {
                break;
            }
            if q != q2 {
                return Some((*p, *q, *q2));
            }
        }
    }
    None
}

/// After `mover` played `mv` in `g` (saved, clocks run): plays the
/// opponent's conditional answer when a sequence of theirs expects `mv`,
/// else clears their sequences; returns what happened, `None` when they
/// had none (or the game left play, which clears them silently).
pub(super) fn respond(
    c: &Cmd<'_>,
    g: &mut StoredGame,
    mover: Color,
    mv: Move,
) -> CmdResult<Option<Fired>> {
    let responder = mover.opponent();
    let pid = g.player(responder).id;
    let size = g.game.position().size();
    let Some(seqs) = conditionals::load(c.conn, g.id, pid, size)? else {
        return Ok(None);
    };
    conditionals::clear(c.conn, g.id, pid)?;
    if g.game.phase() != Phase::Play || seqs.base + 1 != g.game.move_number() {
        return Ok(None);
    }
    let matching: Vec<&Vec<Move>> = seqs
        .lines
        .iter()
        .filter(|l| l.first() == Some(&mv))
        .collect();
    let Some(answer) = matching.first().and_then(|l| l.get(1)).copied() else {
        let name = &g.player(mover).name;
        return Ok(Some(Fired::Cleared(words::deviated(g.id, name, mv))));
    };
    let captured = match play_answer(c, g, responder, answer)? {
        Ok(captured) => captured,
        Err(why) => {
            let text = words::answer_illegal(g.id, answer, &why);
            return Ok(Some(Fired::Cleared(text)));
        }
    };
    let mut rest: Vec<Vec<Move>> = Vec::new();
    for line in matching.iter().filter(|l| l.len() > 2) {
        if !rest.iter().any(|r| r.as_slice() == &line[2..]) {
            rest.push(line[2..].to_vec());
        }
    }
    let left = rest.len();
    if left > 0 {
        let base = g.game.move_number();
        let sequences = Sequences { base, lines: rest };
        conditionals::replace(c.conn, g.id, pid, &sequences, c.env.now)?;
    }
    Ok(Some(Fired::Played {
        answer,
        number: g.game.move_number(),
        captured,
        left,
    }))
}

/// Plays and saves `answer` for `color` in `g`; returns the stones it
/// captured, or why it is illegal (then `g` is unchanged).
fn play_answer(
    c: &Cmd<'_>,
    g: &mut StoredGame,
    color: Color,
    answer: Move,
) -> CmdResult<Result<Vec<Point>, String>> {
    let before = g.game.position();
    let played = match g.game.play_checked(color, answer) {
        Ok(p) => p,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let captured = match played.captures {
        0 => Vec::new(),
        _ => before.removed(&g.game.position(), color.opponent()),
    };
    let entry = MoveEntry {
        color,
        mv: answer,
        captures: played.captures,
        source: c.key.to_string(),
        played_at: c.env.now,
    };
    games::record_move(c.conn, g, &entry)?;
    Ok(Ok(captured))
}
