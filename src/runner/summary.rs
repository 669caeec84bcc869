//! [`Summary`]: the counts of a run, by how each message ended.

use crate::pipeline::Disposition;
use crate::store::messages::Outcome;

/// Counts of one run (public for the test harness, through `testkit`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Messages looked at.
    pub processed: u32,
    /// Messages with at least one command carried out.
    pub applied: u32,
    /// Messages whose commands were all refused.
    pub rejected: u32,
    /// Messages answered without a change (help, boards, unknown sender).
    pub answered: u32,
    /// Messages not answered (loops, lists, bounces) and duplicates.
    pub ignored: u32,
    /// Messages held in quarantine.
    pub quarantined: u32,
    /// Replies queued.
    pub replies: u32,
}

impl Summary {
    /// Counts one message that ended as `d`.
    pub fn add(&mut self, d: &Disposition) {
        self.processed += 1;
        match d {
            Disposition::Handled { outcome, replies } => {
                self.replies += replies;
                match outcome {
                    Outcome::Applied => self.applied += 1,
                    Outcome::Rejected => self.rejected += 1,
                    Outcome::Answered => self.answered += 1,
                    Outcome::Ignored => self.ignored += 1,
                }
            }
            Disposition::Duplicate => self.ignored += 1,
            Disposition::Quarantine { .. } => self.quarantined += 1,
        }
    }
}
