//! `pbmgo site build`: every file the site should hold, and only those,
//! written where its bytes changed. A game's page is drawn again only when
//! the game changed since the last build into the same folder (or with
//! `--all`); the lists are drawn every time and written when they differ.
//! A file no longer allowed (a game whose player went private) is removed.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::assets::{SCRIPT, STYLE};
use super::error::SiteError;
use super::game;
use super::lists::Lists;
use super::templates::{Common, SiteTemplates};
use super::writer::{Built, Public, Writer};
use crate::store::site;
use crate::store::{GameFilter, GameSummary, listing};

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

/// Builds the site as `o` says.
pub(crate) fn build(conn: &Connection, o: &Options<'_>) -> Result<Built, SiteError> {
    let templates = SiteTemplates::load(o.overrides.as_deref())?;
    let dir_text = o.dir.display().to_string();
    let last = site::last_build(conn)?.filter(|(_, d)| *d == dir_text && !o.all);
    if last.is_none() {
        site::forget_pages(conn)?;
    }
    let public = Public::load(conn, o.default_public)?;
    let mut out = Writer::new(conn, o.dir, o.now)?;
    out.put("site.js", SCRIPT.as_bytes())?;
    out.put("site.css", STYLE.as_bytes())?;
    let all = listing::games(conn, &GameFilter::default())?;
    let shown: Vec<&GameSummary> = all.iter().filter(|g| public.game(g)).collect();
    let common = |root| Common {
        site: o.site.to_string(),
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
    let lists = Lists {
        conn,
        templates: &templates,
        public: &public,
        games: &shown,
        url: o.url,
    };
    lists.write(&mut out, &common)?;
    out.sweep()?;
    let built = out.done();
    site::build_done(conn, o.now, &dir_text, built.counts)?;
    Ok(built)
}
