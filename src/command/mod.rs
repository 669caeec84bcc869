//! The players' command language: mail text → [`Command`]s. Pure.
//!
//! Owns the words (`move game42 c3#12`, `pass`, `resign`, `board`, `games`,
//! `signup`, `help`), reading the Subject (reply prefixes and `[game42]`
//! thread tags stripped) and the body (quoted lines, attributions, unquoted
//! originals, signatures and pbmgo's own words skipped), the 20-command limit and the comment lines. Must not
//! touch games, players or the store: whether a game exists, a move is
//! legal or a move number is stale is decided later by the pipeline.
//!
//! This file only declares the parts and re-exports what callers use: the
//! values ([`Command`], [`GameRef`]: `types`) and their errors
//! ([`CommandError`]: `error`), one line → one command (`line` for the move
//! words, `words` for the rest, `args` for the arguments they share,
//! `options` for a challenge's values, `limits` for how much one line may
//! ask, `shape` for whether a line is a
//! command or chat, `typo` for "did you mean move?"), the Subject
//! (`subject`), the live lines of a body (`quote`), pbmgo's own words a
//! reply may repeat ([`OwnWords`]: `own`) and a whole mail → [`Parsed`]
//! (`body`).

mod args;
mod body;
mod clean;
mod error;
mod limits;
mod line;
mod lookalike;
mod options;
mod own;
mod quote;
mod shape;
mod subject;
mod types;
mod typo;
mod words;

pub use body::{
    CommandLine, MAX_COMMANDS, MAX_COMMENT_LINES, MAX_LINE_CHARS, MAX_NOT_PROCESSED, Parsed,
    parse_limited, parse_mail, parse_reply, parse_reply_in,
};
pub use clean::plain_text;
pub use error::{CommandError, reply_code};
pub use limits::Limits;
pub use line::{bare_point, parse_command};
pub use lookalike::{Lookalike, looks_like};
pub(crate) use options::night;
pub use options::{ChallengeOptions, ColorChoice, Komi, NotifyMode, ZoneChoice};
pub use own::{MIN_RUN, OwnWords};
pub use subject::{is_reply_subject, strip_subject, without_secret};
pub use types::{AddressAction, Command, GameRef, IfAction};

#[cfg(test)]
mod tests;
