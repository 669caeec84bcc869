//! The config sections for watching the server: `[status]` (when `pbmgo
//! status` calls the cron jobs late) and `[metrics]` (the Prometheus
//! textfile `poll` and `tick` write).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// `[status]`: what `pbmgo status` counts as a problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct StatusConfig {
    /// Minutes after which the last `poll` is too old (a failure); 0 never
    /// (for a home fed by `deliver` alone).
    pub(crate) max_poll_age_minutes: u32,
    /// Minutes after which the last `tick` is too old (a failure); 0 never.
    pub(crate) max_tick_age_minutes: u32,
}

impl Default for StatusConfig {
    fn default() -> Self {
        StatusConfig {
            max_poll_age_minutes: 60,
            max_tick_age_minutes: 180,
        }
    }
}

/// `[metrics]`: the Prometheus textfile-collector file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct MetricsConfig {
    /// The file `poll` and `tick` rewrite after each run (relative to the
    /// home unless absolute); empty for none.
    pub(crate) textfile: PathBuf,
}
