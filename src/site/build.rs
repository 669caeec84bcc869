//! `pbmgo site build`: every file the site should hold, and only those,
//! written where its bytes changed. A game's page is drawn again only when
//! the game changed since the last build into the same folder (or with
//! `--all`); the lists are drawn every time and written when they differ.
//! A file no longer allowed (a game whose player went private) is removed.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::assets::{SCRIPT, STYLE};
use super::error::SiteError;
use super::templates::{Common, SiteTemplates};
use super::{files, game, pages};
use crate::store::site::{self, BuildCounts};
use crate::store::{GameFilter, GameSummary, listing};

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

/// How to build.
pub(crate) struct Options<'a> {
    /// The site's folder.
    pub(crate) dir: &'a Path,
    /// The home's override templates (`templates/site`), if any.
    pub(crate) overrides: Option<PathBuf>,
    /// The server's name, the site's title.
    pub(crate) site: &'a str,
    /// `[web] default_public`.
    pub(crate) default_public: bool,
    /// `[web] url`, the feed's links (empty: relative).
    pub(crate) url: &'a str,
    /// Rewrite every file (`--all`).
    pub(crate) all: bool,
    /// The time of the build.
    pub(crate) now: DateTime<Utc>,
}

/// Who is published.
pub(crate) struct Public {
    choices: HashMap<String, Option<bool>>,
    default: bool,
}

impl Public {
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

impl Writer<'_> {
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
    fn has(&self, rel: &str) -> bool {
        self.known.contains_key(rel) && files::exists(self.dir, rel)
    }

    /// Keeps `rel` as it is.
    fn keep(&mut self, rel: &str) {
        self.wanted.insert(rel.to_string());
        self.built.counts.kept += 1;
    }

    /// Removes every file known but not wanted this time.
    fn sweep(&mut self) -> Result<(), SiteError> {
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

/// Builds the site as `o` says.
pub(crate) fn build(conn: &Connection, o: &Options<'_>) -> Result<Built, SiteError> {
    let templates = SiteTemplates::load(o.overrides.as_deref())?;
    let dir_text = o.dir.display().to_string();
    let last = site::last_build(conn)?.filter(|(_, d)| *d == dir_text && !o.all);
    if last.is_none() {
        site::forget_pages(conn)?;
    }
    let public = Public {
        choices: site::public_choices(conn)?,
        default: o.default_public,
    };
    let mut out = Writer {
        conn,
        dir: o.dir,
        now: o.now,
        known: site::pages(conn)?,
        wanted: HashSet::new(),
        built: Built::default(),
    };
    out.put("site.js", SCRIPT.as_bytes())?;
    out.put("site.css", STYLE.as_bytes())?;
    let all = listing::games(conn, &GameFilter::default())?;
    let shown: Vec<&GameSummary> = all.iter().filter(|g| public.game(g)).collect();
    let common = |root| Common {
        site: o.site.to_string(),
        built: o.now.format("%Y-%m-%d %H:%M UTC").to_string(),
        root,
    };
    for g in &shown {
        let (html, sgf) = (
            format!("games/{}.html", g.id),
            format!("games/{}.sgf", g.id),
        );
        let unchanged = last.as_ref().is_some_and(|(at, _)| g.updated_at < *at);
        if unchanged && out.has(&html) && out.has(&sgf) {
            out.keep(&html);
            out.keep(&sgf);
            continue;
        }
        let f = game::files(conn, &templates, &common("../"), g.id)?;
        out.put(&html, f.html.as_bytes())?;
        out.put(&sgf, f.sgf.as_bytes())?;
    }
    let lists = pages::Lists {
        conn,
        templates: &templates,
        public: &public,
        games: &shown,
        url: o.url,
        now: o.now,
    };
    lists.write(&mut out, &common)?;
    out.sweep()?;
    site::build_done(conn, o.now, &dir_text, out.built.counts)?;
    out.built.written.sort();
    out.built.removed.sort();
    Ok(out.built)
}
