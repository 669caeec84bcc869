//! [`RunContext`]: what a run works with (the pipeline's settings and
//! templates, the clock, the messages per transaction), and the
//! [`Env`] of each message it runs.

use chrono::{DateTime, Utc};

use crate::mail::templates::Templates;
use crate::pipeline::{Env, MailSink, Prechecked, Settings};

/// What a run works with; the CLI makes it from the home.
pub(crate) struct RunContext {
    /// Server settings.
    pub(crate) settings: Settings,
    /// Reply templates.
    pub(crate) templates: Templates,
    /// Reads the time; called once per message.
    pub(crate) clock: Box<dyn Fn() -> DateTime<Utc>>,
    /// Messages per transaction.
    pub(crate) batch: usize,
}

impl RunContext {
    /// Returns the time now (or the pinned time).
    pub(crate) fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    /// Returns the context of one job run now, its mail going to `sink`.
    pub(crate) fn env<'a>(&'a self, sink: &'a MailSink<'a>) -> Env<'a> {
        Env {
            settings: &self.settings,
            templates: &self.templates,
            now: self.now(),
            sink,
            passwords: None,
        }
    }

    /// Returns the context of one message handled now, its mail going to
    /// `sink`, with the password checks made before its transaction.
    pub(crate) fn message_env<'a>(
        &'a self,
        sink: &'a MailSink<'a>,
        passwords: &'a Prechecked,
    ) -> Env<'a> {
        Env {
            passwords: Some(passwords),
            ..self.env(sink)
        }
    }
}
