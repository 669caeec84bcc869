//! What the site's lists are drawn from ([`Lists`]) and a game as a row
//! of them ([`GameRow`]).

use rusqlite::Connection;
use serde::Serialize;

use super::templates::SiteTemplates;
use super::writer::Public;
use crate::go::Phase;
use crate::store::GameSummary;

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

impl Lists<'_> {
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
}
