//! A mail whose only words look like a command ("I resign. Good game!",
//! see `command::looks_like`): the exact command to send instead,
//! for the game (or challenge) the command parser would take — the one
//! the mail answers, else the sender's only one — and the note that goes
//! with the words to the opponent, who must not think the game is over.
//! Also a move that reaches no game (a bare point answering no game, a
//! move in a game that is over): the same point in the one game where it
//! is the sender's move, when there is exactly one.

use super::cmd::Cmd;
use super::words::challenge::answered_challenge;
use crate::command::{Command, Lookalike};
use crate::go::{Phase, Point};
use crate::mail::inbound::InboundMail;
use crate::pipeline::base::error::{PipelineError, Rejection};
use crate::pipeline::base::wording::play as words;
use crate::store::challenges::{self, Status};
use crate::store::games::{self, GameId};
use crate::store::listing::{self, GameFilter};

/// What the pipeline does with words that look like a command.
pub(crate) struct Hint {
    /// The sentence for the sender: the exact command to send.
    pub(crate) send: String,
    /// The note beside the words forwarded to the opponent.
    pub(crate) note: String,
}

/// The hint for `meant`, in a mail that answers game `thread` (if any).
pub(super) fn hint(
    c: &Cmd<'_>,
    mail: &InboundMail,
    thread: Option<GameId>,
    meant: Lookalike,
) -> Result<Hint, PipelineError> {
    let game = match meant.is_about_a_challenge() {
        true => challenge_for(c, mail)?,
        false => game_for(c, thread)?,
    };
    Ok(Hint {
        send: words::send_instead(meant.keyword(), game),
        note: words::not_a_command(meant.keyword()).to_string(),
    })
}

/// The game a game command would take: the one the mail answers, when the
/// sender plays it and it is not over, else the sender's only game in play.
fn game_for(c: &Cmd<'_>, thread: Option<GameId>) -> Result<Option<GameId>, PipelineError> {
    if let Some(id) = thread {
        let g = games::load(c.conn, id)?;
        if g.color_of(c.player.id).is_some() && g.game.phase() != Phase::Finished {
            return Ok(Some(id));
        }
    }
    let filter = GameFilter {
        status: Some(Phase::Play),
        player_id: Some(c.player.id),
    };
    let playing = listing::games(c.conn, &filter)?;
    Ok(match playing.as_slice() {
        [one] => Some(one.id),
        _ => None,
    })
}

/// The challenge `accept`/`decline` would take: the open one the mail
/// answers, else the only open challenge sent to the sender.
fn challenge_for(c: &Cmd<'_>, mail: &InboundMail) -> Result<Option<GameId>, PipelineError> {
    if let Some(ch) = answered_challenge(c.conn, mail, c.player)?
        && ch.status == Status::Open
    {
        return Ok(Some(ch.id));
    }
    let open = challenges::open_for(c.conn, c.player.id)?;
    let mine: Vec<GameId> = open
        .iter()
        .filter(|ch| ch.challenged.id == c.player.id)
        .map(|ch| ch.id)
        .collect();
    Ok(match mine.as_slice() {
        [one] => Some(*one),
        _ => None,
    })
}

/// The one game where it is the sender's move, if there is exactly one.
fn only_turn(c: &Cmd<'_>) -> Result<Option<GameId>, PipelineError> {
    Ok(
        match listing::to_move_for(c.conn, c.player.id)?.as_slice() {
            [one] => Some(*one),
            _ => None,
        },
    )
}

/// The hint for a mail whose words are only a bare `point` (it answered
/// no game): the move in the sender's one game to move, if any.
pub(super) fn point_hint(c: &Cmd<'_>, point: Point) -> Result<Option<String>, PipelineError> {
    Ok(only_turn(c)?.map(|id| words::did_you_mean_move(id, point)))
}

/// Adds to `r`, the refusal of `cmd` as a move in a game over or being
/// scored, the same point in the sender's one game to move.
pub(super) fn redirect(c: &Cmd<'_>, cmd: &Command, r: &mut Rejection) -> Result<(), PipelineError> {
    let Command::Move { game, point, .. } = cmd else {
        return Ok(());
    };
    if r.code != "game-over" {
        return Ok(());
    }
    let other = only_turn(c)?.filter(|id| u64::try_from(id.get()).ok() != Some(game.0));
    if let Some(id) = other {
        r.reason = words::over_did_you_mean(&r.reason, id, *point);
    }
    Ok(())
}
