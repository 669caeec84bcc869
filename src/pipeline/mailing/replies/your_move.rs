//! The "your move" letter to the opponent of a move, pass, resignation or
//! conditional answer: its Subject, its context for `your-move.txt`, and
//! what the reader's own conditional moves did.

use crate::go::Phase;
use crate::mail::templates::YourMoveCtx;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::phrases::{capitalized, minute};
use crate::pipeline::base::wording::board::time_left;
use crate::pipeline::base::wording::{conditional as cond, news, personal, replies as words};
use crate::pipeline::mailing::shape::without_greeting;
use crate::pipeline::record::report::{Fired, Notice, Report};
use crate::store::games::GameId;
use crate::store::{StoredGame, clock};

use super::queue::Queue;

/// The letter to the opponent about change `n`: essential when it carries
/// the mover's words or the game is no longer in play.
pub(super) fn your_move_letter(
    q: &mut Queue<'_, '_>,
    n: &Notice,
    report: &Report,
) -> Result<Letter, PipelineError> {
    let g = q.game(n.game)?;
    let mover = g.player(n.color).name.clone();
    let ctx = your_move_ctx(q, &g, n, &report.comment)?;
    let text = q.env.templates.render("your-move.txt", &ctx)?;
    let subject = opponent_subject(&g, n, &mover, ctx.deadline.as_deref());
    let playing = g.game.phase() == crate::go::Phase::Play;
    Ok(Letter {
        to: g.player(n.color.opponent()).clone(),
        kind: "your-move",
        subject,
        brief: before_board(&text, g.id),
        text,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: !report.comment.is_empty() || !playing,
    })
}

/// The words of a "your move" mail before its board (which begins with
/// the game's name and a colon), if the board is found.
fn before_board(text: &str, id: GameId) -> Option<String> {
    let at = text.find(&format!("\n{id}: "))?;
    Some(without_greeting(&text[..at]).trim_end().to_string())
}

/// The context of `your-move.txt` about change `n` in `g`, with the mover's `comment`.
fn your_move_ctx(
    q: &mut Queue<'_, '_>,
    g: &StoredGame,
    n: &Notice,
    comment: &[String],
) -> Result<YourMoveCtx, PipelineError> {
    let board = q.board(n.game)?;
    let next = board.move_number;
    let running = clock::of_game(q.conn, g.id)?.filter(|_| g.game.phase() == Phase::Play);
    Ok(YourMoveCtx {
        captured: n.captured.iter().map(ToString::to_string).collect(),
        deadline: running.map(|(d, _)| minute(d)),
        time_left: running.map(|(d, _)| time_left(d - q.env.now)),
        game: g.id.to_string(),
        opponent: g.player(n.color).name.clone(),
        opponent_color: capitalized(n.color.name()),
        move_text: n.what.clone(),
        move_number: n.number,
        next_move_number: next,
        comment: comment.to_vec(),
        example_command: words::example_move(g.id, next),
        board,
        conditional: n.conditional.as_ref().map(fired_text),
        undo_closed: n
            .undo_closed
            .map(|number| personal::undo_refused(g.id, &g.player(n.color).name, number)),
        waiting: match &n.conditional {
            Some(Fired::Played { number, .. }) => {
                Some(cond::their_turn(&g.player(n.color).name, number + 1))
            }
            _ => None,
        },
    })
}

/// What the reader of a "your move" mail is told their conditional moves did.
fn fired_text(f: &Fired) -> String {
    match f {
        Fired::Played {
            answer,
            number,
            captured,
            left,
        } => cond::played_for_you(*answer, *number, captured, *left),
        Fired::Cleared(text) => text.clone(),
    }
}

/// The Subject of the opponent's mail about change `n`, made by `mover`:
/// its news line, with the reader's `deadline` when their clock runs.
fn opponent_subject(g: &StoredGame, n: &Notice, mover: &str, deadline: Option<&str>) -> String {
    let (id, game) = (g.id, &g.game);
    if let Some(Fired::Played { answer, .. }) = &n.conditional
        && let Ok(what) = crate::go::Move::parse(&n.what, game.position().size())
    {
        return format!(
            "[{id}] {}",
            news::your_answer_played(id, mover, what, *answer)
        );
    }
    let reader = n.color.opponent();
    let line = match (game.result(), n.what.as_str()) {
        (Some(r), "resign") => news::game_over(id, r, reader, Some(mover)),
        (Some(r), _) => news::game_over(id, r, reader, None),
        (None, "pass") if game.passes() >= 2 => news::passed_to_scoring(id, mover),
        (None, what) => news::they_played(id, mover, what, &n.captured, deadline),
    };
    format!("[{id}] {line}")
}
