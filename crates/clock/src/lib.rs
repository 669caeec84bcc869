//! pbmgo's game clocks, pure in the engine's spirit: no I/O, no reading of
//! the system clock, every instant an argument.
//!
//! - [`Span`]: a length of time as a challenge writes it (`3d`, `36h`,
//!   `2d12h`);
//! - [`System`]: a time system and its pinned text (`fischer 3d+1d max 7d`,
//!   `byoyomi 14d+5x1d`, `canadian 10d+10/7d`, `absolute 30d`,
//!   `per-move 5d`, `none`);
//! - [`Side`]: one player's clock at rest, what a move costs it
//!   ([`Side::spend`]) and what is left while it runs ([`Side::at`]);
//! - [`Calendar`]: which instants count as a player's own time (not their
//!   weekend, not their night, not their vacation, in their time zone), and
//!   when a budget of own time runs out ([`Calendar::runs_out`]).

mod calendar;
mod side;
mod span;
mod system;

pub use calendar::{Calendar, Night, Vacation, zone};
pub use chrono_tz::Tz;
pub use side::{Flagged, Side};
pub use span::{Span, SpanError};
pub use system::{System, SystemError};
