//! What the commands of one mail did: per command an [`Effect`] or the
//! [`Rejection`], gathered in a [`Report`] from which the message's
//! outcome, its rejection codes, the opponents' notices and the letters
//! are read. Plain values, built by the commands and read by the replies.

use std::sync::Arc;

use crate::go::{Color, Move, Point};
use crate::pipeline::base::error::Rejection;
use crate::pipeline::base::letter::Letter;
use crate::store::StoredGame;
use crate::store::games::GameId;
use crate::store::messages::Outcome;

/// What an accepted command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Effect {
    /// A move or pass was played (or a resignation made) in a game.
    Changed(Notice),
    /// A game's board is to be shown.
    Shown(GameId),
    /// A block of text answers the command (game list, help).
    Text(String),
    /// The sender was registered; the welcome tells them what to do next.
    Registered(String),
    /// A lifecycle or personal command changed something: `text` tells the
    /// sender what (shown in the transcript), `game`'s board (if any) is
    /// shown with it, and each letter is mailed to its player.
    Acted {
        /// What happened, for the sender.
        text: String,
        /// The game whose board the transcript shows, if any.
        game: Option<GameId>,
        /// Mail to other players (or to the sender, e.g. an SGF file).
        letters: Vec<Letter>,
    },
}

impl Effect {
    /// An accepted command that changed something: `text` for the sender,
    /// `game`'s board shown with it, each letter mailed to its player.
    pub(crate) fn acted(
        text: impl Into<String>,
        game: Option<GameId>,
        letters: Vec<Letter>,
    ) -> Effect {
        Effect::Acted {
            text: text.into(),
            game,
            letters,
        }
    }
}

/// A change the opponent is told about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Notice {
    /// The game.
    pub(crate) game: GameId,
    /// Who acted.
    pub(crate) color: Color,
    /// `C3`, `pass` or `resign`.
    pub(crate) what: String,
    /// The move's number (for a resignation, the moves played).
    pub(crate) number: u32,
    /// The opponent's stones the move captured.
    pub(crate) captured: Vec<Point>,
    /// What the opponent's conditional moves did about it, when they had
    /// some in this game.
    pub(crate) conditional: Option<Fired>,
    /// The move the opponent had asked to take back (`undo`), when this
    /// change answered the request by playing on instead of agreeing.
    pub(crate) undo_closed: Option<u32>,
}

/// What a player's conditional moves did when the opponent moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fired {
    /// The answer was played for them, with its number and captures;
    /// `left` sequences still wait.
    Played {
        /// The answer.
        answer: Move,
        /// Its move number.
        number: u32,
        /// The stones it captured.
        captured: Vec<Point>,
        /// The sequences still waiting.
        left: usize,
    },
    /// They were cleared: the sentence the player is told.
    Cleared(String),
}

/// What a command did, with the game as it left it when the command has
/// that at hand (so the replies need not read it again).
#[derive(Clone)]
pub(crate) struct Done {
    /// What happened.
    pub(crate) effect: Effect,
    /// The game after the command, if the command loaded it.
    pub(crate) after: Option<Arc<StoredGame>>,
}

impl From<Effect> for Done {
    fn from(effect: Effect) -> Self {
        Done {
            effect,
            after: None,
        }
    }
}

/// One command and its result.
#[derive(Clone)]
pub(crate) struct LineResult {
    /// The command as written.
    pub(crate) command: String,
    /// What it did, or why not.
    pub(crate) result: Result<Effect, Rejection>,
    /// The game as the command left it, when it had it at hand.
    pub(crate) after: Option<Arc<StoredGame>>,
}

impl LineResult {
    /// A line with the command's result, keeping the game it left behind.
    pub(crate) fn new(command: String, result: Result<Done, Rejection>) -> LineResult {
        match result {
            Ok(done) => LineResult {
                command,
                result: Ok(done.effect),
                after: done.after,
            },
            Err(r) => LineResult {
                command,
                result: Err(r),
                after: None,
            },
        }
    }
}

/// The game a command left behind, shown by its id.
fn game_id(after: &Option<Arc<StoredGame>>) -> Option<GameId> {
    after.as_ref().map(|g| g.id)
}

impl std::fmt::Debug for Done {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Done")
            .field("effect", &self.effect)
            .field("after", &game_id(&self.after))
            .finish()
    }
}

impl std::fmt::Debug for LineResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineResult")
            .field("command", &self.command)
            .field("result", &self.result)
            .field("after", &game_id(&self.after))
            .finish()
    }
}

/// Everything the commands of one mail did.
#[derive(Debug, Clone, Default)]
pub(crate) struct Report {
    /// One entry per command run.
    pub(crate) lines: Vec<LineResult>,
    /// Command lines beyond the per-mail limit.
    pub(crate) not_processed: Vec<String>,
    /// The player's comment: the body lines that are not commands.
    pub(crate) comment: Vec<String>,
    /// The game whose mail this mail answers (its Subject tag or its
    /// threading), if any.
    pub(crate) thread: Option<GameId>,
    /// What became of the words of a mail without commands.
    pub(crate) chat: Option<Chat>,
    /// For a mail whose only words look like a command ("I resign"):
    /// the exact command to send, in a sentence.
    pub(crate) hint: Option<String>,
    /// Recorded but not answered: the sender was told already (a paused
    /// password check answers the first refused mail of its hour only).
    pub(crate) unanswered: bool,
    /// A command of the mail needed the player's reply token in token
    /// mode (it acts in a game or on the account) and was not refused for
    /// the lack of one: the mail comes from the player, not from anyone
    /// who writes their From. Only then does its answer count against the
    /// player's own loop backstop (see `pace::answer_kind`).
    pub(crate) proven: bool,
}

/// What became of the words of a mail that had no command.
#[derive(Debug, Clone)]
pub(crate) enum Chat {
    /// They went to the opponent in a game, as `say` would send them.
    Sent {
        /// The opponent's name.
        to: String,
        /// The game.
        game: GameId,
        /// The mail that carries them.
        letter: Box<Letter>,
        /// Whether `game` is a game or a challenge.
        topic: Topic,
    },
    /// They went nowhere, for this reason (a sentence).
    Nowhere(String),
}

/// What words sent alone are about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Topic {
    /// A game (running or finished).
    Game,
    /// A challenge, no game yet; `open` while it waits for an answer.
    Challenge {
        /// The challenge is still waiting for an answer.
        open: bool,
    },
}

impl Report {
    /// Returns the message's outcome.
    pub(crate) fn outcome(&self) -> Outcome {
        let changed = self.lines.iter().any(|l| {
            matches!(
                l.result,
                Ok(Effect::Changed(_) | Effect::Registered(_) | Effect::Acted { .. })
            )
        });
        match (changed, self.lines.iter().all(|l| l.result.is_err())) {
            (true, _) => Outcome::Applied,
            (false, true) if !self.lines.is_empty() => Outcome::Rejected,
            _ => Outcome::Answered,
        }
    }

    /// Returns the rejection codes, one per refused command, and `too-many-commands`.
    pub(crate) fn codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = self
            .lines
            .iter()
            .filter_map(|l| l.result.as_ref().err())
            .map(|r| r.code)
            .collect();
        if !self.not_processed.is_empty() {
            codes.push("too-many-commands");
        }
        codes
    }

    /// Returns a one-line summary for the message log.
    pub(crate) fn summary(&self) -> String {
        let ok = self.lines.iter().filter(|l| l.result.is_ok()).count();
        let mut s = format!(
            "{} command(s): {ok} ok, {} rejected",
            self.lines.len(),
            self.lines.len() - ok
        );
        if !self.not_processed.is_empty() {
            s += &format!(", {} not processed", self.not_processed.len());
        }
        s
    }

    /// Returns the changes the opponents are told about.
    pub(crate) fn notices(&self) -> impl Iterator<Item = &Notice> {
        self.lines.iter().filter_map(|l| match &l.result {
            Ok(Effect::Changed(n)) => Some(n),
            _ => None,
        })
    }

    /// Returns the letters the commands caused, in order.
    pub(crate) fn letters(&self) -> impl Iterator<Item = &Letter> {
        self.lines.iter().flat_map(|l| match &l.result {
            Ok(Effect::Acted { letters, .. }) => letters.as_slice(),
            _ => &[],
        })
    }

    /// Returns the letter carrying the words of a mail without commands, if sent.
    pub(crate) fn chat_letter(&self) -> Option<&Letter> {
        match &self.chat {
            Some(Chat::Sent { letter, .. }) => Some(letter.as_ref()),
            _ => None,
        }
    }
}

/// Where a message ended (public for the test harness, through `testkit`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disposition {
    /// Handled: its key is recorded with this outcome and its replies are queued.
    Handled {
        /// What it came to.
        outcome: Outcome,
        /// Replies queued.
        replies: u32,
    },
    /// Seen before: nothing was done again.
    Duplicate,
    /// Not handled: to be held in quarantine with this reason.
    Quarantine {
        /// Why, in plain words.
        reason: String,
        /// The sender, when one could be read.
        sender: Option<String>,
    },
}
