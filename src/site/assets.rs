//! The site's one script and one stylesheet, shipped in the binary and
//! written at the site's root: `site.js` (the game pages' replay) and
//! `site.css`.

/// The replay script of the game pages.
pub(crate) const SCRIPT: &str = include_str!("site.js");

/// The stylesheet of every page.
pub(crate) const STYLE: &str = include_str!("site.css");
