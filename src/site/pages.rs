//! The site's lists: the index (games in play, recent results, standings,
//! open tournaments and challenges), the standings, and the Atom feed of
//! finished games; each player's page (`players`) and each tournament's
//! (`tournaments`). Only published games and players appear.

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::build::{Public, Writer};
use super::error::SiteError;
use super::templates::{Common, SiteTemplates};
use super::{players, tournaments};
use crate::go::Phase;
use crate::store::standings::{self, Standing};
use crate::store::{GameSummary, challenges};

/// What the lists are drawn from.
pub(crate) struct Lists<'a> {
    /// The database.
    pub(crate) conn: &'a Connection,
    /// The templates.
    pub(crate) templates: &'a SiteTemplates,
    /// Who is published.
    pub(crate) public: &'a Public,
    /// The published games.
    pub(crate) games: &'a [&'a GameSummary],
    /// The site's address (`[web] url`, ending in `/`), or empty.
    pub(crate) url: &'a str,
    /// The time of the build.
    pub(crate) now: DateTime<Utc>,
}

/// A game in a list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameRow {
    id: String,
    black: String,
    white: String,
    size: u8,
    moves: u32,
    /// Whose move, or the result.
    pub(crate) state: String,
    /// When it last changed, `2026-11-28`.
    when: String,
}

impl GameRow {
    /// The row of `g`.
    pub(crate) fn of(g: &GameSummary) -> GameRow {
        let state = match (&g.result, g.status) {
            (Some(r), _) => r.clone(),
            (None, Phase::Play) => {
                let who = if g.to_move == crate::go::Color::Black {
                    &g.black
                } else {
                    &g.white
                };
                format!("{who} to move")
            }
            (None, _) => "being counted".to_string(),
        };
        GameRow {
            id: g.id.to_string(),
            black: g.black.clone(),
            white: g.white.clone(),
            size: g.size,
            moves: g.move_number,
            state,
            when: g.updated_at.format("%Y-%m-%d").to_string(),
        }
    }
}

/// The index.
#[derive(Serialize)]
struct IndexCtx<'a> {
    #[serde(flatten)]
    common: Common,
    playing: Vec<GameRow>,
    results: Vec<GameRow>,
    standings: &'a [Standing],
    tournaments: Vec<tournaments::Listed>,
    challenges: Vec<ChallengeRow>,
}

/// An open challenge between published players.
#[derive(Serialize)]
struct ChallengeRow {
    from: String,
    to: String,
    size: u8,
}

/// The standings page.
#[derive(Serialize)]
struct StandingsCtx<'a> {
    #[serde(flatten)]
    common: Common,
    standings: &'a [Standing],
}

/// How many recent results the index shows, and the feed.
const RECENT: usize = 20;
/// How many lines of the standings the index shows.
const TOP: usize = 10;

impl Lists<'_> {
    /// Writes every list through `out`.
    pub(crate) fn write(
        &self,
        out: &mut Writer<'_>,
        common: &dyn Fn(&'static str) -> Common,
    ) -> Result<(), SiteError> {
        let table: Vec<Standing> = standings::table(self.conn)?
            .into_iter()
            .filter(|s| self.public.player(&s.name))
            .collect();
        self.index(out, common(""), &table)?;
        let ctx = StandingsCtx {
            common: common(""),
            standings: &table,
        };
        out.put(
            "standings.html",
            self.templates.render("standings.html", &ctx)?.as_bytes(),
        )?;
        self.feed(out, common(""))?;
        players::write(self, out, &common("../"), &table)?;
        tournaments::write(self, out, &common("../"))
    }

    fn index(
        &self,
        out: &mut Writer<'_>,
        common: Common,
        table: &[Standing],
    ) -> Result<(), SiteError> {
        let playing = self
            .games
            .iter()
            .filter(|g| g.result.is_none())
            .map(|g| GameRow::of(g))
            .collect();
        let results = self
            .finished()
            .into_iter()
            .take(RECENT)
            .map(GameRow::of)
            .collect();
        let challenges = challenges::list(self.conn, true, 50)?
            .into_iter()
            .filter(|c| {
                self.public.player(&c.challenger.name) && self.public.player(&c.challenged.name)
            })
            .map(|c| ChallengeRow {
                from: c.challenger.name,
                to: c.challenged.name,
                size: c.terms.size,
            })
            .collect();
        let ctx = IndexCtx {
            common,
            playing,
            results,
            standings: &table[..table.len().min(TOP)],
            tournaments: tournaments::listed(self.conn)?,
            challenges,
        };
        out.put(
            "index.html",
            self.templates.render("index.html", &ctx)?.as_bytes(),
        )
    }

    /// The published finished games, the last ended first.
    pub(crate) fn finished(&self) -> Vec<&GameSummary> {
        let mut done: Vec<&GameSummary> = self
            .games
            .iter()
            .copied()
            .filter(|g| g.result.is_some())
            .collect();
        done.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
        done
    }

    fn feed(&self, out: &mut Writer<'_>, common: Common) -> Result<(), SiteError> {
        let done = self.finished();
        let entries: Vec<FeedEntry> = done
            .iter()
            .take(RECENT)
            .map(|g| FeedEntry {
                id: g.id.to_string(),
                title: format!(
                    "{}: {} (Black) against {} (White), {}",
                    g.id,
                    g.black,
                    g.white,
                    g.result.as_deref().unwrap_or("")
                ),
                updated: g
                    .updated_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                summary: format!("{}x{}, {} moves", g.size, g.size, g.move_number),
            })
            .collect();
        let updated = done.first().map_or(self.now, |g| g.updated_at);
        let ctx = FeedCtx {
            feed_id: format!("tag:pbmgo,2026:{}", common.site.replace(' ', "-")),
            base: self.url.to_string(),
            updated: updated.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            entries,
            common,
        };
        out.put(
            "feed.atom",
            self.templates.render("feed.atom", &ctx)?.as_bytes(),
        )
    }
}

/// The feed.
#[derive(Serialize)]
struct FeedCtx {
    #[serde(flatten)]
    common: Common,
    feed_id: String,
    base: String,
    updated: String,
    entries: Vec<FeedEntry>,
}

/// One finished game in the feed.
#[derive(Serialize)]
struct FeedEntry {
    id: String,
    title: String,
    updated: String,
    summary: String,
}
