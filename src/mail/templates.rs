//! Reply wording: the minijinja templates in `templates/` and the typed
//! contexts that fill them.
//!
//! Owns which templates exist ([`Templates::names`]), how they are loaded
//! (embedded in the binary, each one replaceable by a file of the same name
//! in an admin's override folder), and the rendering rules: undefined
//! variables are errors, `.html` output is HTML-escaped, `.txt` output is
//! not, and the engine's ASCII board is always copied verbatim.
//!
//! Must not touch: the mail headers and MIME layout (see `outbound`), game
//! logic, the store. The pipeline fills the context structs.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use minijinja::{AutoEscape, Environment, UndefinedBehavior};

mod lifecycle;

pub use lifecycle::{ChallengeClosedCtx, ChallengeCtx, GameLetterCtx, GameOverCtx, SgfCtx, wrap};
use serde::Serialize;
use thiserror::Error;

/// A game's board and its header, as shown in every mail about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardCtx {
    /// The game's name, e.g. `game42`.
    pub game: String,
    /// Black's player name.
    pub black: String,
    /// White's player name.
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
}

/// One command of the player's mail and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TranscriptLine {
    /// The command as the player wrote it.
    pub command: String,
    /// Whether it was carried out.
    pub ok: bool,
    /// Why not, in plain words for the player (never an internal error).
    pub reason: Option<String>,
}

/// Context of `reply-transcript.txt` / `.html`: the answer to a player's mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TranscriptCtx {
    /// The server's display name.
    pub server_name: String,
    /// The commands run, in order.
    pub lines: Vec<TranscriptLine>,
    /// Commands beyond the per-mail limit, not run.
    pub not_processed: Vec<String>,
    /// The boards of the games that changed or were asked for.
    pub boards: Vec<BoardCtx>,
    /// Blocks of text answering commands, such as the game list or the
    /// command reference, each shown as written.
    pub sections: Vec<String>,
    /// Whether to point the player to `help`.
    pub help_hint: bool,
}

/// Context of `your-move.txt` / `.html`: the opponent moved, now it is your turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct YourMoveCtx {
    /// The game's name.
    pub game: String,
    /// The name of the player who moved.
    pub opponent: String,
    /// Their colour, `Black` or `White`.
    pub opponent_color: String,
    /// Their move, `C3` or `pass` (which the templates word as "passed").
    pub move_text: String,
    /// The number of their move.
    pub move_number: u32,
    /// The number of the reader's move.
    pub next_move_number: u32,
    /// The opponent's comment, one entry per line (quoted with `> `).
    pub comment: Vec<String>,
    /// The board after the move.
    pub board: BoardCtx,
    /// A command the reader could send, e.g. `move game42 D4#13`.
    pub example_command: String,
}

/// Context of `help.txt`: the command reference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HelpCtx {
    /// The server's display name.
    pub server_name: String,
    /// The address commands are sent to.
    pub server_address: String,
    /// A line before the reference, e.g. `Your mail had no command.`
    pub intro: Option<String>,
}

/// Context of `unknown-sender.txt`: mail from an address with no player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnknownSenderCtx {
    /// The server's display name.
    pub server_name: String,
    /// The address commands are sent to.
    pub server_address: String,
    /// The sender's address.
    pub address: String,
}

/// Why a template could not be loaded or rendered.
#[derive(Debug, Error)]
pub enum TemplateError {
    /// An override file exists but could not be read.
    #[error("cannot read template file {path}")]
    Io {
        /// The override file.
        path: PathBuf,
        /// The underlying failure.
        #[source]
        source: std::io::Error,
    },
    /// A template (embedded or override) is not valid minijinja.
    #[error("template {name} does not compile")]
    Syntax {
        /// The template's name.
        name: &'static str,
        /// minijinja's error, with the line.
        #[source]
        source: minijinja::Error,
    },
    /// No template has this name.
    #[error("no template named {0:?}")]
    Unknown(String),
    /// Rendering failed, e.g. a variable the context does not define.
    #[error("cannot render template {name}")]
    Render {
        /// The template's name.
        name: String,
        /// minijinja's error, with the line.
        #[source]
        source: minijinja::Error,
    },
}

/// The embedded templates, by name.
const EMBEDDED: &[(&str, &str)] = &[
    (
        "reply-transcript.txt",
        include_str!("../../templates/reply-transcript.txt"),
    ),
    (
        "reply-transcript.html",
        include_str!("../../templates/reply-transcript.html"),
    ),
    (
        "your-move.txt",
        include_str!("../../templates/your-move.txt"),
    ),
    (
        "your-move.html",
        include_str!("../../templates/your-move.html"),
    ),
    ("board.txt", include_str!("../../templates/board.txt")),
    ("help.txt", include_str!("../../templates/help.txt")),
    (
        "unknown-sender.txt",
        include_str!("../../templates/unknown-sender.txt"),
    ),
    // The player's own commands and `tick` (contexts in pipeline::execute::personal and pipeline::tick).
    (
        "undo-request.txt",
        include_str!("../../templates/undo-request.txt"),
    ),
    (
        "undo-done.txt",
        include_str!("../../templates/undo-done.txt"),
    ),
    ("say.txt", include_str!("../../templates/say.txt")),
    (
        "standings.txt",
        include_str!("../../templates/standings.txt"),
    ),
    (
        "clock-reminder.txt",
        include_str!("../../templates/clock-reminder.txt"),
    ),
    (
        "clock-warning.txt",
        include_str!("../../templates/clock-warning.txt"),
    ),
    ("digest.txt", include_str!("../../templates/digest.txt")),
    (
        "challenge.txt",
        include_str!("../../templates/challenge.txt"),
    ),
    (
        "challenge-closed.txt",
        include_str!("../../templates/challenge-closed.txt"),
    ),
    (
        "game-letter.txt",
        include_str!("../../templates/game-letter.txt"),
    ),
    (
        "game-over.txt",
        include_str!("../../templates/game-over.txt"),
    ),
    ("sgf.txt", include_str!("../../templates/sgf.txt")),
];

/// All templates, compiled and ready to render.
#[derive(Debug)]
pub struct Templates {
    env: Environment<'static>,
}

impl Templates {
    /// Returns the templates, each taken from `override_dir` when a file of
    /// that name is there, else the embedded one.
    ///
    /// Every template is compiled here, so a broken override is reported
    /// at start-up rather than when a mail needs it. A missing override
    /// folder is not an error.
    pub fn new(override_dir: Option<&Path>) -> Result<Self, TemplateError> {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_auto_escape_callback(auto_escape);
        for &(name, embedded) in EMBEDDED {
            let source = match override_dir {
                Some(dir) => read_override(&dir.join(name))?,
                None => None,
            };
            let source = source.unwrap_or_else(|| embedded.to_owned());
            env.add_template_owned(name, source)
                .map_err(|source| TemplateError::Syntax { name, source })?;
        }
        Ok(Templates { env })
    }

    /// Returns template `name` filled from `ctx`, ending with a newline.
    pub fn render<T: Serialize>(&self, name: &str, ctx: &T) -> Result<String, TemplateError> {
        let template = self
            .env
            .get_template(name)
            .map_err(|_| TemplateError::Unknown(name.to_owned()))?;
        let mut text = template
            .render(ctx)
            .map_err(|source| TemplateError::Render {
                name: name.to_owned(),
                source,
            })?;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Ok(text)
    }

    /// Returns the names of all templates, which are also the file names
    /// an override folder may hold.
    pub fn names() -> &'static [&'static str] {
        const NAMES: [&str; EMBEDDED.len()] = {
            let mut names = [""; EMBEDDED.len()];
            let mut i = 0;
            while i < EMBEDDED.len() {
                names[i] = EMBEDDED[i].0;
                i += 1;
            }
            names
        };
        &NAMES
    }
}

/// HTML escaping for `.html` templates, none for the rest.
fn auto_escape(name: &str) -> AutoEscape {
    if name.ends_with(".html") {
        AutoEscape::Html
    } else {
        AutoEscape::None
    }
}

/// Reads an override file; `None` when there is none.
fn read_override(path: &Path) -> Result<Option<String>, TemplateError> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(source) => Err(TemplateError::Io {
            path: path.to_owned(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_template_compiles_and_is_named() {
        let templates = Templates::new(None).unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut on_disk: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut named: Vec<String> = Templates::names().iter().map(|n| n.to_string()).collect();
        named.sort();
        assert_eq!(
            named, on_disk,
            "every file in templates/ is embedded, and only those"
        );
        for name in Templates::names() {
            assert!(templates.env.get_template(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn unknown_names_are_errors() {
        let templates = Templates::new(None).unwrap();
        let err = templates.render("nope.txt", &()).unwrap_err();
        assert!(matches!(err, TemplateError::Unknown(_)));
    }

    #[test]
    fn only_html_is_escaped() {
        assert!(matches!(auto_escape("a.html"), AutoEscape::Html));
        assert!(matches!(auto_escape("a.txt"), AutoEscape::None));
    }
}
