//! What one build writes: who is published ([`Public`]), and the files
//! ([`Writer`]): each put only when its bytes differ from what the last
//! build wrote there, the rest kept, and those no longer wanted removed.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::error::SiteError;
use super::files;
use crate::store::GameSummary;
use crate::store::site::{self, BuildCounts};

/// What a build did: its counts, and the files it wrote and removed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Built {
    /// How many files were written, removed and kept.
    pub(crate) counts: BuildCounts,
    /// The files written, relative to the site's folder.
    pub(crate) written: Vec<String>,
    /// The files removed.
    pub(crate) removed: Vec<String>,
}

/// Who is published.
pub(crate) struct Public {
    choices: HashMap<String, Option<bool>>,
    default: bool,
}

impl Public {
    /// Every player's choice, with `default` for those who never said.
    pub(crate) fn load(conn: &Connection, default: bool) -> Result<Public, SiteError> {
        Ok(Public {
            choices: site::public_choices(conn)?,
            default,
        })
    }

    /// Whether player `name` is published.
    pub(crate) fn player(&self, name: &str) -> bool {
        self.choices
            .get(name)
            .copied()
            .flatten()
            .unwrap_or(self.default)
    }

    /// Whether game `g` is published: both its players are.
    pub(crate) fn game(&self, g: &GameSummary) -> bool {
        self.player(&g.black) && self.player(&g.white)
    }
}

/// The files of one build: what is there, what was written.
pub(crate) struct Writer<'a> {
    conn: &'a Connection,
    dir: &'a Path,
    now: DateTime<Utc>,
    known: HashMap<String, i64>,
    wanted: HashSet<String>,
    built: Built,
}

impl<'a> Writer<'a> {
    /// A writer into `dir`, knowing what earlier builds wrote there.
    pub(crate) fn new(
        conn: &'a Connection,
        dir: &'a Path,
        now: DateTime<Utc>,
    ) -> Result<Writer<'a>, SiteError> {
        Ok(Writer {
            conn,
            dir,
            now,
            known: site::pages(conn)?,
            wanted: HashSet::new(),
            built: Built::default(),
        })
    }

    /// What the build did, its file lists sorted.
    pub(crate) fn done(mut self) -> Built {
        self.built.written.sort();
        self.built.removed.sort();
        self.built
    }

    /// Puts `bytes` at `rel`, writing only when they differ from what is there.
    pub(crate) fn put(&mut self, rel: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let hash = hash(bytes);
        self.wanted.insert(rel.to_string());
        if self.known.get(rel) == Some(&hash) && files::exists(self.dir, rel) {
            self.built.counts.kept += 1;
            return Ok(());
        }
        files::write(self.dir, rel, bytes)?;
        site::page_written(self.conn, rel, hash, self.now)?;
        self.built.counts.written += 1;
        self.built.written.push(rel.to_string());
        Ok(())
    }

    /// Whether `rel` was written by an earlier build and is still there.
    pub(crate) fn has(&self, rel: &str) -> bool {
        self.known.contains_key(rel) && files::exists(self.dir, rel)
    }

    /// Keeps `rel` as it is.
    pub(crate) fn keep(&mut self, rel: &str) {
        self.wanted.insert(rel.to_string());
        self.built.counts.kept += 1;
    }

    /// Removes every file known but not wanted this time.
    pub(crate) fn sweep(&mut self) -> Result<(), SiteError> {
        let stale: Vec<String> = self
            .known
            .keys()
            .filter(|k| !self.wanted.contains(*k))
            .cloned()
            .collect();
        for rel in stale {
            files::remove(self.dir, &rel)?;
            site::page_removed(self.conn, &rel)?;
            self.built.counts.removed += 1;
            self.built.removed.push(rel);
        }
        Ok(())
    }
}

/// The first 8 bytes of the SHA-256 of `bytes`, as stored.
fn hash(bytes: &[u8]) -> i64 {
    let d = Sha256::digest(bytes);
    i64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}
