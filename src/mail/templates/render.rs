//! The templates themselves: which exist ([`Templates::names`]), loading
//! them (embedded in the binary, each replaceable by an override file),
//! compiling them at start-up, and rendering with the rules the module
//! header lists; [`TemplateError`] says what failed.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use minijinja::{AutoEscape, Environment, UndefinedBehavior};
use serde::Serialize;
use thiserror::Error;

use crate::mail::alternative::{WIDTH, wrap};

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
        include_str!("../../../templates/reply-transcript.txt"),
    ),
    (
        "your-move.txt",
        include_str!("../../../templates/your-move.txt"),
    ),
    ("board.txt", include_str!("../../../templates/board.txt")),
    ("help.txt", include_str!("../../../templates/help.txt")),
    (
        "unknown-sender.txt",
        include_str!("../../../templates/unknown-sender.txt"),
    ),
    // The player's own commands and `tick` (contexts in pipeline::execute::personal and pipeline::jobs::tick).
    (
        "undo-request.txt",
        include_str!("../../../templates/undo-request.txt"),
    ),
    (
        "undo-done.txt",
        include_str!("../../../templates/undo-done.txt"),
    ),
    ("say.txt", include_str!("../../../templates/say.txt")),
    (
        "standings.txt",
        include_str!("../../../templates/standings.txt"),
    ),
    (
        "clock-reminder.txt",
        include_str!("../../../templates/clock-reminder.txt"),
    ),
    (
        "clock-warning.txt",
        include_str!("../../../templates/clock-warning.txt"),
    ),
    (
        "clock-period.txt",
        include_str!("../../../templates/clock-period.txt"),
    ),
    ("digest.txt", include_str!("../../../templates/digest.txt")),
    (
        "challenge.txt",
        include_str!("../../../templates/challenge.txt"),
    ),
    (
        "challenge-closed.txt",
        include_str!("../../../templates/challenge-closed.txt"),
    ),
    (
        "game-letter.txt",
        include_str!("../../../templates/game-letter.txt"),
    ),
    (
        "game-over.txt",
        include_str!("../../../templates/game-over.txt"),
    ),
    ("sgf.txt", include_str!("../../../templates/sgf.txt")),
    (
        "players.txt",
        include_str!("../../../templates/players.txt"),
    ),
    ("words.txt", include_str!("../../../templates/words.txt")),
    (
        "words-letter.txt",
        include_str!("../../../templates/words-letter.txt"),
    ),
    (
        "no-command.txt",
        include_str!("../../../templates/no-command.txt"),
    ),
    ("join.txt", include_str!("../../../templates/join.txt")),
    (
        "signup-confirm.txt",
        include_str!("../../../templates/signup-confirm.txt"),
    ),
    (
        "address-confirm.txt",
        include_str!("../../../templates/address-confirm.txt"),
    ),
    (
        "welcome.txt",
        include_str!("../../../templates/welcome.txt"),
    ),
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

    /// Returns template `name` filled from `ctx`, ending with a newline;
    /// the prose of a `.txt` template is wrapped at [`WIDTH`] columns, so
    /// a template writes each paragraph on one line.
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
        if name.ends_with(".txt") {
            text = wrap(&text, WIDTH);
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
        // templates/site/ holds the web archive's templates (src/site).
        let mut on_disk: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
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
