//! The contexts of the answers to a player's mail: the transcript of the
//! commands run, your-move, help and unknown-sender.

use serde::Serialize;

use super::board::BoardCtx;

/// One command of the player's mail and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TranscriptLine {
    /// The command as the player wrote it.
    pub command: String,
    /// Whether it was carried out.
    pub ok: bool,
    /// Why not, in plain words for the player (never an internal error).
    pub reason: Option<String>,
}

/// Context of `reply-transcript.txt` / `.html`: the answer to a player's mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TranscriptCtx {
    /// The news line: what the mail's commands did, in one sentence
    /// (the first line of the reply, which clients show as its preview).
    pub headline: String,
    /// The server's display name.
    pub server_name: String,
    /// The commands run, in order.
    pub lines: Vec<TranscriptLine>,
    /// Commands beyond the per-mail limit, not run.
    pub not_processed: Vec<String>,
    /// The boards of the games that changed or were asked for.
    pub boards: Vec<BoardCtx>,
    /// Blocks of text answering commands, such as the game list or the
    /// command reference, each shown as written.
    pub sections: Vec<String>,
    /// Whether to point the player to `help`.
    pub help_hint: bool,
}

/// Context of `your-move.txt` / `.html`: the opponent moved, now it is your turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct YourMoveCtx {
    /// The game's name.
    pub game: String,
    /// The name of the player who moved.
    pub opponent: String,
    /// Their colour, `Black` or `White`.
    pub opponent_color: String,
    /// Their move, `C3` or `pass` (which the templates word as "passed").
    pub move_text: String,
    /// The number of their move.
    pub move_number: u32,
    /// The number of the reader's move.
    pub next_move_number: u32,
    /// The opponent's comment, one entry per line (quoted with `> `).
    pub comment: Vec<String>,
    /// The board after the move.
    pub board: BoardCtx,
    /// A command the reader could send, e.g. `move game42 D4#13`.
    pub example_command: String,
    /// The points of the reader's stones the move captured, e.g. `C4 D4`.
    pub captured: Vec<String>,
    /// When the reader's move is due, e.g. `2026-11-30 10:42 UTC`, while the clock runs.
    pub deadline: Option<String>,
    /// The time left until then, e.g. `6 days 23 hours left`.
    pub time_left: Option<String>,
    /// What became of the reader's conditional moves, when they had some
    /// (an answer played for them, or why they were cleared).
    pub conditional: Option<String>,
    /// Set when the reader's conditional answer was played: whose turn it
    /// is now, said instead of "it is your turn".
    pub waiting: Option<String>,
    /// Set when the move answered the reader's undo request by playing
    /// on: the request is refused, in a sentence.
    pub undo_closed: Option<String>,
}

/// Context of `help.txt`: the command reference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HelpCtx {
    /// The server's display name.
    pub server_name: String,
    /// The address commands are sent to.
    pub server_address: String,
    /// A line before the reference, e.g. `Your mail had no command.`
    pub intro: Option<String>,
    /// The server checks reply tokens (`[server] auth = "token"`): say how
    /// a game command is sent.
    pub token_mode: bool,
}

/// Context of `welcome.txt`: what a player who just signed up does next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WelcomeCtx {
    /// The server's display name.
    pub server_name: String,
    /// The address commands are sent to.
    pub server_address: String,
    /// The new player's name.
    pub name: String,
    /// The server checks reply tokens (`[server] auth = "token"`): say how
    /// a game command is sent.
    pub token_mode: bool,
}

/// Context of `unknown-sender.txt`: mail from an address with no player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnknownSenderCtx {
    /// The server's display name.
    pub server_name: String,
    /// The address commands are sent to.
    pub server_address: String,
    /// The sender's address.
    pub address: String,
}
