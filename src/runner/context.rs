//! [`RunContext`]: what a run works with (the pipeline's settings and
//! templates, the clock, the messages per transaction), and the
//! [`Env`] of each message it runs.

use chrono::{DateTime, Utc};

use crate::mail::templates::Templates;
use crate::pipeline::{Env, MailSink, Settings};

/// What a run works with; the CLI makes it from the home.
pub struct RunContext {
    /// Server settings.
    pub settings: Settings,
    /// Reply templates.
    pub templates: Templates,
    /// Reads the time; called once per message.
    pub clock: Box<dyn Fn() -> DateTime<Utc>>,
    /// Messages per transaction.
    pub batch: usize,
}

impl RunContext {
    /// Returns the time now (or the pinned time).
    pub fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    /// Returns the context of one message handled now, its mail going to `sink`.
    pub fn env<'a>(&'a self, sink: &'a MailSink<'a>) -> Env<'a> {
        Env {
            settings: &self.settings,
            templates: &self.templates,
            now: self.now(),
            sink,
        }
    }
}
