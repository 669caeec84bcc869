//! The site's HTML templates: embedded in the binary
//! (`templates/site/*.html`, `feed.atom`), each replaceable by a file of
//! the same name in the home's `templates/site/`, rendered with HTML
//! escaping on (every value a player wrote is escaped) and strict
//! undefined variables.

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use minijinja::{AutoEscape, Environment, UndefinedBehavior};
use serde::Serialize;

use super::error::SiteError;

/// The embedded templates, by name.
const EMBEDDED: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/site/base.html")),
    ("game.html", include_str!("../../templates/site/game.html")),
    (
        "index.html",
        include_str!("../../templates/site/index.html"),
    ),
    (
        "player.html",
        include_str!("../../templates/site/player.html"),
    ),
    (
        "standings.html",
        include_str!("../../templates/site/standings.html"),
    ),
    (
        "standings_table.html",
        include_str!("../../templates/site/standings_table.html"),
    ),
    (
        "tournament.html",
        include_str!("../../templates/site/tournament.html"),
    ),
    ("feed.atom", include_str!("../../templates/site/feed.atom")),
];

/// The site's templates, compiled.
pub(crate) struct SiteTemplates {
    env: Environment<'static>,
}

impl SiteTemplates {
    /// The embedded templates, each replaced by `overrides/NAME` when that
    /// file exists.
    pub(crate) fn load(overrides: Option<&Path>) -> Result<SiteTemplates, SiteError> {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_auto_escape_callback(|name| {
            match name.ends_with(".html") || name.ends_with(".atom") {
                true => AutoEscape::Html,
                false => AutoEscape::None,
            }
        });
        for (name, text) in EMBEDDED {
            let text = match overrides.map(|dir| dir.join(name)) {
                Some(path) => match fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) if e.kind() == ErrorKind::NotFound => (*text).to_string(),
                    Err(source) => return Err(SiteError::Override { path, source }),
                },
                None => (*text).to_string(),
            };
            env.add_template_owned(*name, text)
                .map_err(|source| template(name, source))?;
        }
        Ok(SiteTemplates { env })
    }

    /// Renders template `name` with `ctx`.
    pub(crate) fn render(&self, name: &str, ctx: &impl Serialize) -> Result<String, SiteError> {
        let t = self.env.get_template(name).map_err(|e| template(name, e))?;
        t.render(ctx).map_err(|e| template(name, e))
    }
}

fn template(name: &str, source: minijinja::Error) -> SiteError {
    SiteError::Template {
        name: name.to_string(),
        source,
    }
}

/// What every page shows: the site's name and the way back to the site's
/// root from the page (`""` or `"../"`). Nothing on a page tells when it
/// was built, so a build writes only the pages whose content changed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Common {
    /// The server's name (`[server] name`).
    pub(crate) site: String,
    /// From the page to the root: `""` for a page at the root, `"../"`
    /// for one in a folder.
    pub(crate) root: &'static str,
}
