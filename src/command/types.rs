//! The values of the command language: a game as players write it
//! ([`GameRef`]) and one [`Command`], with the canonical text each is
//! written back as.

use std::fmt;
use std::str::FromStr;

use super::error::{CommandError, clip};
use super::options::{ChallengeOptions, NotifyMode, ZoneChoice};
use crate::go::{Move, Point};
use crate::rating::Rank;

/// A game's number as players write it: `game42`, `Game42` or `42`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameRef(pub u64);

impl fmt::Display for GameRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game{}", self.0)
    }
}

impl FromStr for GameRef {
    type Err = CommandError;

    /// Reads `game42`, `GAME42` or `42`; anything else is [`CommandError::BadGame`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        game_ref(s)
    }
}

/// Reads `game42`, `Game42` or `42`.
pub(super) fn game_ref(word: &str) -> Result<GameRef, CommandError> {
    let digits = match word.get(..4) {
        Some(prefix) if prefix.eq_ignore_ascii_case("game") => word.get(4..).unwrap_or_default(),
        _ => word,
    };
    let bad = || CommandError::BadGame(clip(word));
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    digits.parse::<u64>().map(GameRef).map_err(|_| bad())
}

/// One command a player can mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `help`: mail the command summary.
    Help,
    /// `signup NAME`: register the sender under `name` (lower-cased; the
    /// store validates it).
    Signup {
        /// The requested player name, lower-cased.
        name: String,
        /// The rank they declare (`signup alice 5k`), if any.
        rank: Option<Rank>,
    },
    /// `rank RANK`: declare one's rank, before one's first rated game.
    Rank {
        /// The rank declared.
        rank: Rank,
    },
    /// `games`: list the sender's games.
    Games,
    /// `board GAME` (alias `show`): mail the current board.
    Board {
        /// The game.
        game: GameRef,
    },
    /// `move GAME POINT[#N]` (alias `play`): play a stone.
    Move {
        /// The game.
        game: GameRef,
        /// Where to play, on a board of up to 25x25 (checked later against
        /// the game's size).
        point: Point,
        /// The move number this move will get, when the player wrote `#N`.
        expected: Option<u32>,
    },
    /// `pass GAME[#N]`, also `move GAME pass[#N]`.
    Pass {
        /// The game.
        game: GameRef,
        /// The move number this pass will get, when the player wrote `#N`.
        expected: Option<u32>,
    },
    /// `resign GAME`.
    Resign {
        /// The game.
        game: GameRef,
    },
    /// `challenge NAME [size N] [komi K] [handicap H] [free] [color C] [ko R]
    /// [scoring S] [days D]`: offer a game to another player.
    Challenge {
        /// The challenged player's name, lower-cased.
        opponent: String,
        /// The game's options; unset ones take the server's defaults.
        options: ChallengeOptions,
        /// `ladder NAME`: a challenge on that ladder, lower-cased.
        ladder: Option<String>,
    },
    /// `accept GAME`: accept a challenge, which starts the game.
    Accept {
        /// The challenge (its game number).
        game: GameRef,
    },
    /// `decline GAME`: refuse a challenge (or withdraw one's own).
    Decline {
        /// The challenge (its game number).
        game: GameRef,
    },
    /// `place GAME POINT...`: Black places free handicap stones.
    Place {
        /// The game.
        game: GameRef,
        /// The stones, in the order written.
        points: Vec<Point>,
    },
    /// `dead GAME POINT...`: mark the strings at the points dead.
    Dead {
        /// The game.
        game: GameRef,
        /// One point of each string.
        points: Vec<Point>,
    },
    /// `alive GAME POINT...`: mark the strings at the points alive again.
    Alive {
        /// The game.
        game: GameRef,
        /// One point of each string.
        points: Vec<Point>,
    },
    /// `done GAME[#K]`: accept the current dead-stone marking (count
    /// number K, when named: an older one is refused as stale).
    Done {
        /// The game.
        game: GameRef,
        /// The number of the count accepted, when named.
        count: Option<u32>,
    },
    /// `resume GAME`: leave the scoring phase and play on.
    Resume {
        /// The game.
        game: GameRef,
    },
    /// `sgf GAME`: mail the game record.
    Sgf {
        /// The game.
        game: GameRef,
    },
    /// `estimate GAME`: mail the server's proposed count of a finished
    /// game's final position (for review).
    Estimate {
        /// The game.
        game: GameRef,
    },
    /// `undo GAME`: ask to take back one's last move, or agree to the
    /// opponent's request.
    Undo {
        /// The game.
        game: GameRef,
    },
    /// `say GAME TEXT...`: send a message to the opponent.
    Say {
        /// The game.
        game: GameRef,
        /// The message, as written.
        text: String,
    },
    /// `vacation DAYS` or `vacation off`: pause or restart one's clocks.
    Vacation {
        /// Days of vacation; `None` for `vacation off`.
        days: Option<u32>,
    },
    /// `notify each|digest|off`: how often to be mailed.
    Notify {
        /// The mode.
        mode: NotifyMode,
    },
    /// `images on|off`: whether the player's mails show the board as a
    /// picture in their HTML part.
    Images {
        /// True for `images on`.
        on: bool,
    },
    /// `public on|off`: whether the player's games and page are shown on
    /// the club's web pages (`[web]`).
    Public {
        /// True for `public on`.
        on: bool,
    },
    /// `timezone [ZONE|server]`: the player's time zone, in which their
    /// clock's weekends and nights fall; alone, asks the current one.
    Timezone {
        /// The zone chosen; `None` alone.
        zone: Option<ZoneChoice>,
    },
    /// `confirm [on|off]`: whether the player's mails whose commands were
    /// all applied are answered; alone, asks the current setting.
    Confirm {
        /// True for `confirm on`, false for `confirm off`, `None` alone.
        on: Option<bool>,
    },
    /// `password SECRET [NEW|off]`: set, prove, change or remove the
    /// sender's password. Never quoted back: its text is redacted.
    Password {
        /// The password given (the current one, when one is set).
        secret: String,
        /// A new password, or `off` to remove it.
        new: Option<String>,
    },
    /// `address`, `address add NEW`, `address remove OLD`: list the
    /// sender's addresses, add one (once it confirms) or remove one.
    Address {
        /// What the line asks.
        action: AddressAction,
    },
    /// `standings`: mail the table of players.
    Standings,
    /// `join NAME`: enter a tournament or ladder.
    Join {
        /// The tournament's name, lower-cased.
        tournament: String,
    },
    /// `leave NAME`: leave a tournament before it starts, withdraw after.
    Leave {
        /// The tournament's name, lower-cased.
        tournament: String,
    },
    /// `tournament NAME`: mail its standings and the sender's games in it.
    Tournament {
        /// The tournament's name, lower-cased.
        tournament: String,
    },
    /// `tournaments`: list the tournaments open or running.
    Tournaments,
    /// `players [near]`: list the players, to find an opponent; `near`,
    /// only the active ones within three ranks of the sender.
    Players {
        /// Only those near the sender's rank.
        near: bool,
    },
    /// `if GAME P1 Q1 [P2 Q2 ...]`: conditional moves (if the opponent
    /// plays P1, answer Q1, ...); `if GAME` lists them, `if GAME off`
    /// clears them.
    If {
        /// The game.
        game: GameRef,
        /// What the line asks.
        action: IfAction,
    },
}

/// What an `address` line asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddressAction {
    /// `address`: list the player's addresses.
    List,
    /// `address add NEW`: add `NEW` once it answers a confirmation.
    Add(String),
    /// `address remove OLD`: stop using `OLD`.
    Remove(String),
}

/// What an `if` line asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IfAction {
    /// `if GAME`: list the pending sequences.
    List,
    /// `if GAME off`: clear them.
    Off,
    /// `if GAME P1 Q1 ...`: add a sequence, the opponent's moves and the
    /// answers alternating (an even number of moves, at least two).
    Set(Vec<Move>),
}

impl Command {
    /// Writes a challenge, the tables, `public` and the tournament
    /// commands, as they are read.
    fn fmt_more(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Challenge {
                opponent,
                options,
                ladder,
            } => {
                write!(f, "challenge {opponent}{options}")?;
                ladder.iter().try_for_each(|l| write!(f, " ladder {l}"))
            }
            Command::Join { tournament } => write!(f, "join {tournament}"),
            Command::Leave { tournament } => write!(f, "leave {tournament}"),
            Command::Tournament { tournament } => write!(f, "tournament {tournament}"),
            Command::Players { near } => write!(f, "players{}", if *near { " near" } else { "" }),
            Command::Standings => f.write_str("standings"),
            Command::Public { on } => write!(f, "public {}", if *on { "on" } else { "off" }),
            _ => f.write_str("tournaments"),
        }
    }
}

impl fmt::Display for Command {
    /// Writes the canonical form, which [`parse_command`](super::parse_command) reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Help => f.write_str("help"),
            Command::Signup { name, rank } => write!(f, "signup {name}{}", Spaced(*rank)),
            Command::Rank { rank } => write!(f, "rank {rank}"),
            Command::Games => f.write_str("games"),
            Command::Board { game } => write!(f, "board {game}"),
            Command::Move {
                game,
                point,
                expected,
            } => {
                write!(f, "move {game} {point}{}", Expected(*expected))
            }
            Command::Pass { game, expected } => write!(f, "pass {game}{}", Expected(*expected)),
            Command::Resign { game } => write!(f, "resign {game}"),
            Command::Accept { game } => write!(f, "accept {game}"),
            Command::Decline { game } => write!(f, "decline {game}"),
            Command::Place { game, points } => write!(f, "place {game}{}", Points(points)),
            Command::Dead { game, points } => write!(f, "dead {game}{}", Points(points)),
            Command::Alive { game, points } => write!(f, "alive {game}{}", Points(points)),
            Command::Done { game, count } => write!(f, "done {game}{}", Counted(*count)),
            Command::Resume { game } => write!(f, "resume {game}"),
            Command::Sgf { game } => write!(f, "sgf {game}"),
            Command::Estimate { game } => write!(f, "estimate {game}"),
            Command::Undo { game } => write!(f, "undo {game}"),
            Command::Say { game, text } => write!(f, "say {game} {text}"),
            Command::Vacation { days: Some(d) } => write!(f, "vacation {d}"),
            Command::Vacation { days: None } => f.write_str("vacation off"),
            Command::Notify { mode } => write!(f, "notify {}", mode.name()),
            Command::Images { on } => write!(f, "images {}", if *on { "on" } else { "off" }),
            Command::Timezone { zone: Some(z) } => write!(f, "timezone {}", z.name()),
            Command::Timezone { zone: None } => f.write_str("timezone"),
            Command::Confirm { on: None } => f.write_str("confirm"),
            Command::Confirm { on: Some(on) } => {
                write!(f, "confirm {}", if *on { "on" } else { "off" })
            }
            Command::Password { .. } => f.write_str(REDACTED_PASSWORD),
            Command::Address { action } => match action {
                AddressAction::List => f.write_str("address"),
                AddressAction::Add(a) => write!(f, "address add {a}"),
                AddressAction::Remove(a) => write!(f, "address remove {a}"),
            },
            Command::If { game, action } => match action {
                IfAction::List => write!(f, "if {game}"),
                IfAction::Off => write!(f, "if {game} off"),
                IfAction::Set(moves) => {
                    write!(f, "if {game}")?;
                    moves.iter().try_for_each(|m| write!(f, " {m}"))
                }
            },
            _ => self.fmt_more(f),
        }
    }
}

/// How a `password` line is shown anywhere: its secret is never written back.
pub(crate) const REDACTED_PASSWORD: &str = "password ********";

/// Formats an optional value after a space, or nothing.
struct Spaced<T>(Option<T>);

impl<T: fmt::Display> fmt::Display for Spaced<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(v) => write!(f, " {v}"),
            None => Ok(()),
        }
    }
}

/// Formats a count number as `#K`, or nothing.
struct Counted(Option<u32>);

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(k) => write!(f, "#{k}"),
            None => Ok(()),
        }
    }
}

/// Formats points as ` C3 D4`.
struct Points<'a>(&'a [Point]);

impl fmt::Display for Points<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|p| write!(f, " {p}"))
    }
}

/// Formats an optional move number as `#N` or nothing.
struct Expected(Option<u32>);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "#{n}"),
            None => Ok(()),
        }
    }
}
