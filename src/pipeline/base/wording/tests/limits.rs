//! The bounds' sentences in the wording snapshot: the refusals of a line,
//! `say` words or an `if` line over its limit, a long Subject as echoed,
//! and every "already above" answer.

use super::fixtures::{Page, id};
use crate::command::CommandError;
use crate::pipeline::base::wording::limits::{Above, shown_above, unreadable_line};
use crate::pipeline::base::wording::replies::transcript_subject;

/// Adds every sentence of the bounds to `p`.
pub(super) fn limits_words(p: &mut Page) {
    let refused = [
        CommandError::LineTooLong(1000),
        CommandError::SayTooLong(2000),
        CommandError::IfTooLong(40),
        CommandError::BadGame("gameX".into()),
    ];
    for e in refused {
        p.show(
            &format!("limits::unreadable_line({})", e.code()),
            unreadable_line(&e),
        );
    }
    let long = format!("Re: {}", "long ".repeat(100));
    p.show(
        "replies::transcript_subject(long)",
        transcript_subject(&long),
    );
    let g = id();
    let every = [
        Above::Board(g),
        Above::Record(g),
        Above::Estimate(g),
        Above::Conditionals(g),
        Above::Games,
        Above::Players,
        Above::Standings,
        Above::Help,
    ];
    for what in every {
        p.show(&format!("limits::shown_above({what:?})"), shown_above(what));
    }
}
