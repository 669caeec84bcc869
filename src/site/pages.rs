//! The site's lists: the index (games in play, recent results, standings,
//! open tournaments and challenges), the standings, and the Atom feed of
//! finished games; each player's page (`players`) and each tournament's
//! (`tournaments`). Only published games and players appear.

use serde::Serialize;

use super::error::SiteError;
use super::lists::{GameRow, Lists};
use super::templates::Common;
use super::writer::Writer;
use super::{players, tournaments};
use crate::store::challenges;
use crate::store::standings::{self, Standing};

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

/// The lists' pages.
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
        // The feed changes only with its entries: its time is the last
        // finished game's end, never the build's.
        let updated = done.first().map(|g| g.updated_at).unwrap_or_default();
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
