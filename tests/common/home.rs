//! [`Home`]: what the pipeline tests do with a pbmgo home, however it is
//! driven: through the real binary ([`super::pbmgo_home::PbmgoHome`]) or
//! in-process ([`super::harness::Harness`]). Players and games (filler
//! games up to a wanted id, games with a history), mail in, `poll` and
//! `tick` at pinned times, the games, the messages recorded and the mail
//! queued. A test picks the driver by its constructor; the helpers built on
//! this trait (`lifecycle`, `clock_mail`) work with either.

use std::cell::Cell;

use rusqlite::Connection;
use serde_json::Value;

use super::pbmgo_home::{Counts, NOW, OutMail, counts, fixture, pairs};

/// What a poll tells: the summary line from the binary, the counts
/// in-process; [`counts`] reads either.
pub trait PollSummary {
    /// The counts of the poll.
    fn counts(&self) -> Counts;
}

/// A pbmgo home with players, games and mail; see the module header.
pub trait Home {
    /// What [`Home::poll_at`] returns.
    type Polled: PollSummary;

    /// Adds the player `name` with `address`.
    fn player(&self, name: &str, address: &str);

    /// Creates a game with the default rules; returns its id (`game7`).
    fn game_new(&self, black: &str, white: &str, size: u32) -> String;

    /// Creates a game with `moves` played (points such as `C3`, or `pass`,
    /// Black first), as `game import` of their record does, with the rule
    /// flags `flags` (`--ko positional`); returns the id.
    fn import(&self, size: u32, moves: &[String], players: [&str; 2], flags: &[&str]) -> String;

    /// The game ids handed out so far.
    fn numbering(&self) -> &Numbering;

    /// Hands `raw` to the next poll; returns the name it is known by.
    fn drop_mail(&self, raw: &[u8]) -> String;

    /// Handles the mail dropped since the last poll at `now`, then sends
    /// what is due.
    fn poll_at(&self, now: &str) -> Self::Polled;

    /// Runs the clocks, deadlines and digests at `now`, then sends what is
    /// due; returns the summary in the words of `pbmgo tick`.
    fn tick_at(&self, now: &str) -> String;

    /// The game as the pinned `game show --json` object.
    fn show(&self, game: &str) -> Value;

    /// The game's moves as `game moves --json` lists them.
    fn moves(&self, game: &str) -> Vec<Value>;

    /// The outbox rows, oldest first, as `outbox list --json` gives them.
    fn outbox_rows(&self) -> Vec<Value>;

    /// The handled messages, oldest first, as `message list --json` gives them.
    fn messages(&self) -> Vec<Value>;

    /// Every queued mail, oldest first, parsed.
    fn sent(&self) -> Vec<OutMail>;

    /// A connection to the home's database.
    fn db(&self) -> Connection;

    /// `pbmgo game verify` (of `game`, or of every game) by the real
    /// binary, which must exit 0; returns its stdout.
    fn verify(&self, game: Option<&str>) -> String;

    /// `poll` at [`NOW`].
    fn poll(&self) -> Self::Polled {
        self.poll_at(NOW)
    }

    /// Creates filler games between two filler players until the next game is `game{id}`.
    fn games_before(&self, id: u32) {
        let n = self.numbering();
        assert!(n.last.get() < id, "game{id} exists already");
        if n.last.get() + 1 < id && !n.fillers.replace(true) {
            self.player("filler-b", "filler-b@filler.example");
            self.player("filler-w", "filler-w@filler.example");
        }
        while n.last.get() + 1 < id {
            self.game_new("filler-b", "filler-w", 9);
        }
    }

    /// Creates the game `game{id}` (filler games first) with `moves` played
    /// (see `history`); a game without moves is made as `game new` makes it.
    fn game_at(&self, id: u32, size: u32, moves: &[String], black: &str, white: &str) {
        self.games_before(id);
        let got = match moves {
            [] => self.game_new(black, white, size),
            _ => self.import(size, moves, [black, white], &[]),
        };
        assert_eq!(got, format!("game{id}"));
    }

    /// The replies to `to`, oldest first.
    fn sent_to(&self, to: &str) -> Vec<OutMail> {
        self.sent()
            .into_iter()
            .filter(|m| m.recipient() == to)
            .collect()
    }

    /// Drops the inbound fixture `name` and polls at NOW.
    fn poll_fixture(&self, name: &str) -> Counts {
        self.drop_mail(&fixture(name));
        counts(&self.poll())
    }

    /// The one transcript (kind `reply`) queued for `to`.
    fn transcript_to(&self, to: &str) -> OutMail {
        let mut replies: Vec<_> = self
            .sent_to(to)
            .into_iter()
            .filter(|m| m.kind() == "reply")
            .collect();
        assert_eq!(replies.len(), 1, "transcripts to {to}");
        replies.remove(0)
    }

    /// Asserts that `game` has `total` moves, the last ones `expected` (colour, point).
    fn assert_moves(&self, game: &str, total: usize, expected: &[(&str, &str)]) {
        let moves = self.moves(game);
        assert_eq!(moves.len(), total, "{game}: {moves:?}");
        let last: Vec<(String, String)> = moves[total - expected.len()..]
            .iter()
            .map(|m| {
                (
                    m["color"].as_str().unwrap().to_string(),
                    m["point"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(last, pairs(expected), "{game}");
    }

    /// The rows of `table`.
    fn count(&self, table: &str) -> i64 {
        self.db()
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap()
    }
}

/// The game ids a home has handed out, for [`Home::game_at`].
#[derive(Default)]
pub struct Numbering {
    /// The id of the last game created through the home.
    last: Cell<u32>,
    /// Whether the filler players exist.
    fillers: Cell<bool>,
}

impl Numbering {
    /// Notes the game `id` (`game7`) just created; returns it.
    pub fn created(&self, id: &str) -> String {
        let n: u32 = id
            .strip_prefix("game")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("not a game id: {id:?}"));
        self.last.set(n);
        id.to_string()
    }

    /// The id the next game will get, as a number.
    pub fn next(&self) -> u32 {
        self.last.get() + 1
    }
}
