//! Reply wording: the minijinja templates in `templates/` and the typed
//! contexts that fill them.
//!
//! Owns which templates exist ([`Templates::names`]), how they are loaded
//! (embedded in the binary, each one replaceable by a file of the same name
//! in an admin's override folder), and the rendering rules: undefined
//! variables are errors, `.html` output is HTML-escaped, `.txt` output is
//! not, and the engine's ASCII board is always copied verbatim.
//!
//! Must not touch: the mail headers and MIME layout (see `outbound`), game
//! logic, the store. The pipeline fills the context structs.
//!
//! This file only declares the parts and re-exports what callers use: the
//! templates and their rendering (`render`), the board every letter about
//! a game shows (`board`), the contexts of the answers to a player's mail
//! (`replies`) and those of the game-lifecycle letters (`lifecycle`).

mod board;
mod lifecycle;
mod render;
mod replies;

pub use board::BoardCtx;
pub use lifecycle::{ChallengeClosedCtx, ChallengeCtx, GameLetterCtx, GameOverCtx, SgfCtx};
pub use render::{TemplateError, Templates};
pub use replies::{
    HelpCtx, TranscriptCtx, TranscriptLine, UnknownSenderCtx, WelcomeCtx, YourMoveCtx,
};
