//! The log line of each message's outcome, written once its batch has
//! committed (a batch rolled back and run again logs only the run that
//! stood): the file, the Message-ID (the message's key), the sender, the
//! outcome, the refusal or ignore codes and the count of commands, never
//! the words of the mail. Handled mail logs at `info`, quarantined mail at
//! `warn` with its error.

use std::collections::HashMap;

use crate::mailbox::maildir::MailFile;
use crate::pipeline::Disposition;
use crate::store::messages::Logged;

/// Returns true when the `info` lines of handled mail are logged, so a
/// batch reads back its message rows only then (cron's default is `warn`).
pub(super) fn wanted() -> bool {
    tracing::enabled!(tracing::Level::INFO)
}

/// Logs the outcome of each of a committed batch's messages; `rows` are the
/// message rows the batch recorded.
pub(super) fn log(done: &[(MailFile, Disposition)], rows: &[Logged]) {
    let by_source: HashMap<&str, &Logged> = rows.iter().map(|r| (r.source.as_str(), r)).collect();
    for (file, d) in done {
        one(&file.name, d, by_source.get(file.name.as_str()).copied());
    }
}

/// Logs one message's outcome.
fn one(file: &str, d: &Disposition, row: Option<&Logged>) {
    match (d, row) {
        (Disposition::Handled { outcome, replies }, Some(row)) => tracing::info!(
            file,
            message_id = %row.key,
            sender = row.sender.as_deref().unwrap_or(""),
            outcome = outcome.name(),
            codes = row.reasons.as_str(),
            commands = row.detail.as_str(),
            replies,
            "message handled"
        ),
        (Disposition::Handled { outcome, replies }, None) => {
            tracing::info!(file, outcome = outcome.name(), replies, "message handled")
        }
        (Disposition::Duplicate, _) => {
            tracing::info!(
                file,
                outcome = "duplicate",
                "message seen before: nothing done"
            )
        }
        (Disposition::Quarantine { reason, sender }, _) => tracing::warn!(
            file,
            sender = sender.as_deref().unwrap_or(""),
            outcome = "quarantined",
            error = %reason,
            "message quarantined"
        ),
    }
}
