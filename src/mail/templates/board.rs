//! The board and its header, as shown in every mail about a game: [`BoardCtx`].

use serde::Serialize;

/// A game's board and its header, as shown in every mail about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardCtx {
    /// The game's name, e.g. `game42`.
    pub game: String,
    /// Black's player name, with their strength in game mails
    /// (`alice 3k (1812)`, `bob ?`).
    pub black: String,
    /// White's player name, with their strength in game mails.
    pub white: String,
    /// The board size (9 for 9x9).
    pub size: u8,
    /// The komi as written, e.g. `6.5`.
    pub komi: String,
    /// Stones captured by Black.
    pub captures_black: u32,
    /// Stones captured by White.
    pub captures_white: u32,
    /// Who plays next, e.g. `White (bob)` or `White`.
    pub to_move: String,
    /// The number of the next move, the `N` a player writes as `#N`.
    pub move_number: u32,
    /// The game's state in plain words, e.g. `playing`.
    pub status: String,
    /// The result once the game is over, e.g. `B+R`.
    pub result: Option<String>,
    /// The last move, e.g. `E5` or `pass`.
    pub last_move: Option<String>,
    /// The ASCII board rendered by the engine, included verbatim.
    pub board: String,
    /// The phase: `play`, `scoring` or `finished`.
    pub phase: String,
    /// The clock in a sentence while it runs: who is to play by when, the
    /// time left, and the days the other player then has.
    pub clock: Option<String>,
    /// A ko that now stands, in a sentence (the board has no mark for it).
    pub ko: Option<String>,
    /// The last few moves in a line, e.g. `Moves 11-12: White C3, Black D4.`
    pub recent: Option<String>,
    /// The game's page on the club's web pages
    /// (`https://go.example.org/games/game42.html`), when they are served
    /// (`[web] url`) and the game is shown there.
    pub link: Option<String>,
}
