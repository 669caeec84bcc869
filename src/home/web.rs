//! `[web]`: the static web archive (`pbmgo site build`): where it is
//! written, the address it is served at (the link every game mail
//! carries), and whether a player who never said `public on|off` is
//! published.

use serde::{Deserialize, Serialize};

/// `[web]`: the game pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct WebConfig {
    /// The folder the site is written to; empty: no site (`poll` and
    /// `tick` build it when set). A relative path is under the home.
    pub(crate) dir: String,
    /// The address the folder is served at (`https://go.example.org/`);
    /// empty: mails carry no link.
    pub(crate) url: String,
    /// Whether a player who never sent `public on|off` is published.
    pub(crate) default_public: bool,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            dir: String::new(),
            url: String::new(),
            default_public: true,
        }
    }
}

impl WebConfig {
    /// The link to game page `game` (`game7`), when `url` is set.
    pub(crate) fn game_link(&self, game: &str) -> Option<String> {
        let base = self.url.trim();
        (!base.is_empty()).then(|| format!("{}/games/{game}.html", base.trim_end_matches('/')))
    }
}
