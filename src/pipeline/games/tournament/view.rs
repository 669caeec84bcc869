//! A tournament as players and the admin read it: [`Summary`], the pinned
//! JSON of `pbmgo tournament show --json` (system, round, standings in
//! place order, every round's games and byes, a ladder's order), and the
//! same as text tables for mail (standings, crosstable, rounds, ladder),
//! which the HTML part shows as real tables; and the line a tournament
//! game's final mail adds.

use rusqlite::Connection;
use serde::Serialize;

use super::field::Field;
use crate::pairing::{CrossRow, Standing};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::tournament as words;
use crate::store::tournaments::pairings::{self, Board};
use crate::store::tournaments::{Kind, Status, colours_name};
use crate::store::{GameId, PlayerId};

/// `tournament show --json`: pinned keys first.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Summary {
    /// `round-robin`, `swiss`, `mcmahon` or `ladder`.
    pub(crate) system: &'static str,
    /// The current round (the last paired; 0 before the start).
    pub(crate) round: u32,
    /// In place order.
    pub(crate) standings: Vec<Line>,
    /// Each round's games and byes, round 1 first.
    pub(crate) rounds: Vec<Vec<Entry>>,
    /// A ladder's players, top first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ladder: Option<Vec<String>>,
    /// The name.
    pub(crate) name: String,
    /// `open`, `running` or `finished`.
    pub(crate) status: &'static str,
    /// Rounds in all (0 for a ladder).
    pub(crate) rounds_in_all: u32,
    /// Board size.
    pub(crate) size: u8,
    /// The time system (null: the server's default).
    pub(crate) time: Option<String>,
    /// The players, in joining order, and whether each is still in.
    pub(crate) players: Vec<Entrant>,
    /// A ladder's games, in the order they started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) games: Option<Vec<Entry>>,
    /// A Swiss's or McMahon's colour rule: `within-one` or `groups-first`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) colours: Option<&'static str>,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Line {
    /// Place, shared by equal players.
    pub(crate) place: usize,
    /// Who.
    pub(crate) name: String,
    /// Points (the McMahon score in a McMahon).
    pub(crate) points: f64,
    /// Games won.
    pub(crate) wins: u32,
    /// Sum of opponents' scores.
    pub(crate) sos: f64,
    /// Sum of opponents' SOS.
    pub(crate) sosos: f64,
    /// Scores of opponents beaten, plus half of those drawn.
    pub(crate) sodos: f64,
}

/// A game or a bye of a round.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub(crate) enum Entry {
    /// A game, its result null while it goes on.
    Game {
        /// The game, as mails name it (`game12`).
        game: String,
        /// Black's name.
        black: String,
        /// White's name.
        white: String,
        /// `B+R`, `W+3.5`, `Void`; null while it goes on.
        result: Option<String>,
    },
    /// A bye.
    Bye {
        /// Who had it.
        bye: String,
    },
}

/// A player and whether they are still in.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Entrant {
    /// Who.
    pub(crate) name: String,
    /// Not withdrawn.
    pub(crate) active: bool,
}

impl Summary {
    /// The summary of `field`.
    pub(crate) fn of(field: &Field) -> Result<Summary, PipelineError> {
        let ladder = field.t.terms.kind == Kind::Ladder;
        let standings = match ladder {
            true => Vec::new(),
            false => lines(field, &field.standings()?),
        };
        let rounds = (1..=field.t.round).map(|r| entries(field, r)).collect();
        Ok(Summary {
            system: field.t.terms.kind.name(),
            round: field.t.round,
            standings,
            rounds,
            ladder: ladder.then(|| ladder_names(field)),
            name: field.t.terms.name.clone(),
            status: field.t.status.name(),
            rounds_in_all: field.rounds_in_all(),
            size: field.t.terms.size,
            time: field.t.terms.time.clone(),
            players: field
                .entrants
                .iter()
                .map(|e| Entrant {
                    name: e.player.name.clone(),
                    active: e.active(),
                })
                .collect(),
            games: ladder.then(|| entries(field, 0)),
            colours: matches!(field.t.terms.kind, Kind::Swiss | Kind::McMahon)
                .then(|| colours_name(field.t.terms.groups_first)),
        })
    }
}

/// The standings as [`Line`]s.
fn lines(field: &Field, standings: &[Standing<PlayerId>]) -> Vec<Line> {
    standings
        .iter()
        .map(|s| Line {
            place: s.place,
            name: field.name(s.player).to_string(),
            points: s.points.as_f64(),
            wins: s.wins,
            sos: s.sos.as_f64(),
            sosos: s.sosos.as_f64(),
            sodos: s.sodos.as_f64(),
        })
        .collect()
}

/// Round `round`'s games and byes.
fn entries(field: &Field, round: u32) -> Vec<Entry> {
    field
        .pairings
        .iter()
        .filter(|p| p.round == round)
        .map(|p| match &p.what {
            Board::Game {
                game,
                black,
                white,
                result,
                ..
            } => Entry::Game {
                game: game.to_string(),
                black: black.name.clone(),
                white: white.name.clone(),
                result: result.clone(),
            },
            Board::Bye { player, .. } => Entry::Bye {
                bye: player.name.clone(),
            },
        })
        .collect()
}

/// A ladder's names, top first.
fn ladder_names(field: &Field) -> Vec<String> {
    field
        .entrants
        .iter()
        .filter(|e| e.place.is_some())
        .map(|e| e.player.name.clone())
        .collect()
}

/// The line a tournament game's final mail adds: the standings (or the
/// ladder) after it.
pub(crate) fn game_line(conn: &Connection, game: GameId) -> Result<Option<String>, PipelineError> {
    let Some((t, _)) = pairings::of_game(conn, game)? else {
        return Ok(None);
    };
    let field = Field::load(conn, t)?;
    let name = &field.t.terms.name;
    if field.t.terms.kind == Kind::Ladder {
        let top: Vec<String> = ladder_names(&field)
            .iter()
            .enumerate()
            .take(TOP)
            .map(|(i, n)| format!("{}. {n}", i + 1))
            .collect();
        return Ok(Some(words::ladder_line(name, &top)));
    }
    let top: Vec<String> = field
        .standings()?
        .iter()
        .take(TOP)
        .map(|s| format!("{}. {} {}", s.place, field.name(s.player), s.points))
        .collect();
    let after = match field.t.status {
        Status::Finished => "final standings".to_string(),
        _ => format!(
            "standings in {}",
            words::round_of(field.t.round, field.rounds_in_all())
        ),
    };
    Ok(Some(words::standings_line(name, &after, &top)))
}

/// How many players the final mail's line names.
const TOP: usize = 8;

/// The standings as a text table (`Pl Player Pts Wins SOS SOSOS SODOS`).
pub(crate) fn standings_table(field: &Field, rows: &[CrossRow<PlayerId>]) -> String {
    let mut out = vec![vec![
        "Pl".to_string(),
        "Player".into(),
        "Pts".into(),
        "Wins".into(),
        "SOS".into(),
        "SOSOS".into(),
        "SODOS".into(),
    ]];
    for r in rows {
        let s = &r.standing;
        out.push(vec![
            s.place.to_string(),
            player_cell(field, s.player),
            s.points.to_string(),
            s.wins.to_string(),
            s.sos.to_string(),
            s.sosos.to_string(),
            s.sodos.to_string(),
        ]);
    }
    aligned(&out)
}

/// The crosstable as a text table: each round's cell (`3+/b`: beat the
/// player placed 3rd, with Black; `bye`; `-` not paired).
pub(crate) fn crosstable_table(field: &Field, rows: &[CrossRow<PlayerId>]) -> String {
    let mut head = vec!["Pl".to_string(), "Player".into()];
    head.extend((1..=field.t.round).map(|r| format!("R{r}")));
    head.push("Pts".into());
    let mut out = vec![head];
    for r in rows {
        let mut line = vec![
            r.standing.place.to_string(),
            player_cell(field, r.standing.player),
        ];
        line.extend(r.cells.iter().map(ToString::to_string));
        line.push(r.standing.points.to_string());
        out.push(line);
    }
    aligned(&out)
}

/// Every round's games as a text table (`Round Game Black White Result`).
pub(crate) fn rounds_table(summary: &Summary) -> String {
    let mut out = vec![vec![
        "Round".to_string(),
        "Game".into(),
        "Black".into(),
        "White".into(),
        "Result".into(),
    ]];
    let rounds = summary.rounds.iter().enumerate().map(|(i, r)| (i + 1, r));
    let ladder = summary.games.iter().map(|g| (0, g));
    for (n, round) in rounds.chain(ladder) {
        for e in round {
            out.push(entry_row(n, e));
        }
    }
    aligned(&out)
}

/// One game or bye as a row of [`rounds_table`].
fn entry_row(round: usize, e: &Entry) -> Vec<String> {
    let n = if round == 0 {
        "-".to_string()
    } else {
        round.to_string()
    };
    match e {
        Entry::Game {
            game,
            black,
            white,
            result,
        } => vec![
            n,
            game.clone(),
            black.clone(),
            white.clone(),
            result.clone().unwrap_or_else(|| "playing".into()),
        ],
        Entry::Bye { bye } => vec![n, "bye".into(), bye.clone(), "-".into(), "-".into()],
    }
}

/// A ladder as a text table (`Place Player`).
pub(crate) fn ladder_table(summary: &Summary) -> String {
    let mut out = vec![vec!["Place".to_string(), "Player".into()]];
    for (i, name) in summary.ladder.iter().flatten().enumerate() {
        out.push(vec![(i + 1).to_string(), name.clone()]);
    }
    aligned(&out)
}

/// A player's name, marked when they withdrew.
fn player_cell(field: &Field, id: PlayerId) -> String {
    mark_withdrawn(field, id, field.name(id).to_string())
}

/// `shown` (player `id` as a table shows them), marked `(withdrew)` when
/// they withdrew.
pub(crate) fn mark_withdrawn(field: &Field, id: PlayerId, shown: String) -> String {
    match field.entrant(id).is_some_and(|e| !e.active()) {
        true => format!("{shown} (withdrew)"),
        false => shown,
    }
}

/// Rows as an indented table, columns two spaces apart.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .map(|(c, s)| format!("{s:<w$}", w = width[c]))
                .collect();
            format!("  {}", cells.join("  ").trim_end())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The whole tournament as text: a heading, then the standings, the
/// crosstable and the rounds (a ladder: its places and games).
pub(crate) fn text(field: &Field, summary: &Summary) -> Result<String, PipelineError> {
    let t = &field.t;
    let active = summary.players.iter().filter(|p| p.active).count();
    let mut parts = vec![words::heading(
        &t.terms.name,
        t.terms.kind.name(),
        (t.terms.size, t.status.name()),
        &words::round_of(t.round, field.rounds_in_all()),
        active,
    )];
    if t.terms.kind == Kind::Ladder {
        parts.push(format!(
            "Ladder (reach {}):\n\n{}",
            t.terms.reach,
            ladder_table(summary)
        ));
        if summary.games.as_ref().is_some_and(|g| !g.is_empty()) {
            parts.push(format!("Games:\n\n{}", rounds_table(summary)));
        }
        return Ok(parts.join("\n\n"));
    }
    if t.round > 0 {
        let rows = field.crosstable()?;
        parts.push(format!("Standings:\n\n{}", standings_table(field, &rows)));
        parts.push(format!("Crosstable:\n\n{}", crosstable_table(field, &rows)));
        parts.push(format!("Rounds:\n\n{}", rounds_table(summary)));
        parts.push(words::legend().to_string());
    }
    Ok(parts.join("\n\n"))
}
