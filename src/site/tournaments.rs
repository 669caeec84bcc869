//! Each tournament's page (`tournaments/<name>.html`): its standings,
//! crosstable and rounds (a ladder: its places and games). A player who
//! is not public shows as "private player", and a game with one shows only
//! its result, without a link.

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;

use super::error::SiteError;
use super::lists::Lists;
use super::templates::Common;
use super::writer::Writer;
use crate::pairing::{Cell, CrossRow as Row, Standing};
use crate::pipeline::games::tournament::field::Field;
use crate::pipeline::games::tournament::view::{Entry, Summary, mark_withdrawn};
use crate::store::tournaments::{self, Status};
use crate::store::{GameId, PlayerId};

/// A tournament in the index.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Listed {
    name: String,
    about: String,
}

/// The tournaments for the index: every one, with what it is and where it stands.
pub(crate) fn listed(conn: &Connection) -> Result<Vec<Listed>, SiteError> {
    Ok(tournaments::list(conn, None)?
        .into_iter()
        .map(|t| Listed {
            about: about(&t),
            name: t.terms.name,
        })
        .collect())
}

/// `swiss on 19x19, running, round 2`.
fn about(t: &tournaments::Tournament) -> String {
    let state = match t.status {
        Status::Open => "open for entries".to_string(),
        Status::Running if t.round > 0 => format!("running, round {}", t.round),
        Status::Running => "running".to_string(),
        Status::Finished => "finished".to_string(),
    };
    let size = t.terms.size;
    format!("{} on {size}x{size}, {state}", t.terms.kind.name())
}

/// A tournament's page.
#[derive(Serialize)]
struct TournamentCtx {
    #[serde(flatten)]
    common: Common,
    name: String,
    about: String,
    ladder: Vec<String>,
    standings: Vec<StandingRow>,
    round_numbers: Vec<u32>,
    crosstable: Vec<CrossRow>,
    rounds: Vec<RoundGame>,
}

/// A standings line, its numbers written as the mail writes them (3,
/// 2.5).
#[derive(Serialize)]
struct StandingRow {
    place: usize,
    name: String,
    points: String,
    wins: u32,
    sos: String,
    sosos: String,
    sodos: String,
}

impl StandingRow {
    fn of(s: &Standing<PlayerId>, name: String) -> StandingRow {
        StandingRow {
            place: s.place,
            name,
            points: s.points.to_string(),
            wins: s.wins,
            sos: s.sos.to_string(),
            sosos: s.sosos.to_string(),
            sodos: s.sodos.to_string(),
        }
    }
}

/// A crosstable line.
#[derive(Serialize)]
struct CrossRow {
    place: usize,
    name: String,
    cells: Vec<CellText>,
    points: String,
}

/// A crosstable cell: its text and the game's page, when published.
#[derive(Serialize)]
struct CellText {
    text: String,
    href: Option<String>,
}

/// A game (or bye) of the rounds list.
#[derive(Serialize)]
struct RoundGame {
    round: String,
    game: String,
    href: Option<String>,
    black: String,
    white: String,
    result: String,
}

/// Writes every tournament's page.
pub(crate) fn write(
    lists: &Lists<'_>,
    out: &mut Writer<'_>,
    common: &Common,
) -> Result<(), SiteError> {
    for t in tournaments::list(lists.conn, None)? {
        let field = Field::load(lists.conn, t.id)?;
        let summary = Summary::of(&field).map_err(|e| page(&t.terms.name, e))?;
        let shown = |name: &str| match lists.public.player(name) {
            true => name.to_string(),
            false => "private player".to_string(),
        };
        let rows = match summary.ladder {
            Some(_) => Vec::new(),
            None => field.crosstable().map_err(|e| page(&t.terms.name, e))?,
        };
        let label = |id: PlayerId| mark_withdrawn(&field, id, shown(field.name(id)));
        let standings = rows
            .iter()
            .map(|r| StandingRow::of(&r.standing, label(r.standing.player)))
            .collect();
        let crosstable = crosstable(lists, &field, &rows, &label);
        let ctx = TournamentCtx {
            common: common.clone(),
            name: t.terms.name.clone(),
            about: about(&t),
            ladder: summary.ladder.iter().flatten().map(|n| shown(n)).collect(),
            standings,
            round_numbers: (1..=t.round).collect(),
            crosstable,
            rounds: rounds(lists, &summary, &shown),
        };
        let html = lists.templates.render("tournament.html", &ctx)?;
        out.put(
            &format!("tournaments/{}.html", t.terms.name),
            html.as_bytes(),
        )?;
    }
    Ok(())
}

/// The crosstable, each published game's cell linked to its page.
fn crosstable(
    lists: &Lists<'_>,
    field: &Field,
    rows: &[Row<PlayerId>],
    label: &dyn Fn(PlayerId) -> String,
) -> Vec<CrossRow> {
    let games = game_of(field);
    let public = |p: PlayerId| lists.public.player(field.name(p));
    rows.iter()
        .map(|r| {
            let me = r.standing.player;
            let cells = r
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| match c {
                    Cell::Game {
                        opponent, result, ..
                    } if !(public(me) && public(*opponent)) => CellText {
                        text: format!("{result}"),
                        href: None,
                    },
                    Cell::Game { .. } => CellText {
                        text: c.to_string(),
                        href: games
                            .get(&(i as u32 + 1, me))
                            .map(|g| format!("../games/{g}.html")),
                    },
                    other => CellText {
                        text: other.to_string(),
                        href: None,
                    },
                })
                .collect();
            CrossRow {
                place: r.standing.place,
                name: label(me),
                cells,
                points: r.standing.points.to_string(),
            }
        })
        .collect()
}

/// Each player's game of each round.
fn game_of(field: &Field) -> HashMap<(u32, PlayerId), GameId> {
    let mut out = HashMap::new();
    for p in &field.pairings {
        if let crate::store::tournaments::pairings::Board::Game {
            game, black, white, ..
        } = &p.what
        {
            out.insert((p.round, black.id), *game);
            out.insert((p.round, white.id), *game);
        }
    }
    out
}

/// The rounds (a ladder: its games), a game with a private player shown
/// with its result only.
fn rounds(lists: &Lists<'_>, summary: &Summary, shown: &dyn Fn(&str) -> String) -> Vec<RoundGame> {
    let numbered = summary
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| ((i + 1).to_string(), r));
    let ladder = summary.games.iter().map(|g| ("-".to_string(), g));
    let mut out = Vec::new();
    for (round, entries) in numbered.chain(ladder) {
        for e in entries {
            out.push(match e {
                Entry::Game {
                    game,
                    black,
                    white,
                    result,
                } => {
                    let public = lists.public.player(black) && lists.public.player(white);
                    RoundGame {
                        round: round.clone(),
                        game: if public {
                            game.clone()
                        } else {
                            "private game".to_string()
                        },
                        href: public.then(|| format!("../games/{game}.html")),
                        black: if public { black.clone() } else { shown(black) },
                        white: if public { white.clone() } else { shown(white) },
                        result: result.clone().unwrap_or_else(|| "playing".to_string()),
                    }
                }
                Entry::Bye { bye } => RoundGame {
                    round: round.clone(),
                    game: "bye".to_string(),
                    href: None,
                    black: shown(bye),
                    white: "-".to_string(),
                    result: "-".to_string(),
                },
            });
        }
    }
    out
}

/// A tournament whose tables could not be computed.
fn page(name: &str, e: crate::pipeline::PipelineError) -> SiteError {
    SiteError::Page {
        what: format!("tournament {name}"),
        reason: e.to_string(),
    }
}
