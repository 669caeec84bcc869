//! What `pbmgo status` and the metrics file say about a home: a
//! [`Snapshot`] read from the database (opened read-only by status) and
//! the quarantine folder.

use std::path::Path;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::home::Home;
use crate::store::StoreError;
use crate::store::health::{self, Bouncing};
use crate::store::outbox::QueueSizes;
use crate::store::runs::{self, Run, RunKind};

/// The state of a home's database and quarantine at one time.
pub(crate) struct Snapshot {
    /// The database's schema version.
    pub(crate) schema: u32,
    /// The last `poll`, if one is recorded.
    pub(crate) last_poll: Option<Run>,
    /// The last `tick`, if one is recorded.
    pub(crate) last_tick: Option<Run>,
    /// The outbox by state.
    pub(crate) outbox: QueueSizes,
    /// Players.
    pub(crate) players: u32,
    /// Games being played or scored.
    pub(crate) games_active: u32,
    /// The addresses mail is stopped to by bounces.
    pub(crate) bouncing: Vec<Bouncing>,
    /// Mail held in `quarantine/new`.
    pub(crate) quarantine: u32,
}

impl Snapshot {
    /// Reads the snapshot of `home` from `conn` at `now`. A schema older
    /// than the runs table has no runs.
    pub(crate) fn read(
        conn: &Connection,
        home: &Home,
        now: DateTime<Utc>,
    ) -> Result<Snapshot, StoreError> {
        let has_runs = health::has_table(conn, "runs")?;
        let last = |kind| match has_runs {
            true => runs::last(conn, kind),
            false => Ok(None),
        };
        let (players, games_active) = health::players_and_games(conn)?;
        Ok(Snapshot {
            schema: health::schema_version(conn)?,
            last_poll: last(RunKind::Poll)?,
            last_tick: last(RunKind::Tick)?,
            outbox: crate::store::outbox::queue_sizes(conn, now)?,
            players,
            games_active,
            bouncing: health::bouncing(conn, home.config().server.bounce_limit)?,
            quarantine: files_in(&home.quarantine().join("new")),
        })
    }

    /// The players among [`Snapshot::bouncing`], each once.
    pub(crate) fn bouncing_players(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.bouncing.iter().map(|b| b.player.as_str()).collect();
        names.dedup();
        names
    }
}

/// Counts the files in `dir` (0 when it cannot be read).
fn files_in(dir: &Path) -> u32 {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .count() as u32
    })
}
