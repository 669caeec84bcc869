//! Every sentence pbmgo writes to players outside the templates: refusal
//! reasons, what the transcript says a command did, letter Subjects and
//! opening paragraphs, tick notices, the bouncing letter, the note about
//! mail that could not be delivered. Each is a small
//! function of plain values (names, ids, numbers, colours, store rows)
//! returning the text, one file per area; the commands call them. The
//! unit test (`tests`) renders every one into a single snapshot, so a
//! change of wording shows up in its diff.
//!
//! Sits low in the pipeline, beside `words`: it reads `go` types, `store`
//! ids and rows, and `words`, and nothing that acts.

pub(crate) mod address;
pub(crate) mod admin;
pub(crate) mod board;
pub(crate) mod bounces;
pub(crate) mod challenge;
pub(crate) mod clock;
pub(crate) mod conditional;
pub(crate) mod ending;
pub(crate) mod limits;
pub(crate) mod lost;
pub(crate) mod news;
pub(crate) mod personal;
pub(crate) mod play;
pub(crate) mod ratings;
pub(crate) mod replies;
pub(crate) mod scoring;
pub(crate) mod start;
pub(crate) mod tick;
pub(crate) mod tournament;

#[cfg(test)]
mod tests;
