//! pbmgo.toml(5), made from the commented default config that `pbmgo init`
//! writes (`src/home/default.toml`): its opening comment is the
//! description, and each `[table]` lists its keys with their defaults and
//! the comment lines above them. The page cannot drift from the config's
//! own documentation, since it is that documentation. `markdown` renders
//! the same reading as docs/configuration.md, which a test keeps current.

use roff::{Roff, bold, roman};

use super::man_sections::see_also;
use crate::home::{CONFIG_FILE, DEFAULT_CONFIG};

/// One key of the default config: its line (`address = "pbmgo@localhost"`)
/// and the comment above it, as one paragraph.
#[derive(Debug, PartialEq)]
pub(crate) struct Key {
    pub(crate) line: String,
    pub(crate) doc: String,
}

/// One `[table]` of the default config and its keys.
#[derive(Debug, PartialEq)]
pub(crate) struct Table {
    pub(crate) name: String,
    pub(crate) keys: Vec<Key>,
}

/// The default config read as documentation: the opening comment, then
/// the tables.
#[derive(Debug, PartialEq)]
pub(crate) struct Documented {
    pub(crate) intro: String,
    pub(crate) tables: Vec<Table>,
}

/// Returns `line` without its `# `, if it is a commented-out key
/// (`# name = value`).
fn key_line(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("# ")?;
    let (name, _) = rest.split_once(" = ")?;
    let is_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    is_name.then_some(rest)
}

/// Reads a commented default config (see the module header).
pub(crate) fn read(text: &str) -> Documented {
    let mut intro = Vec::new();
    let mut tables: Vec<Table> = Vec::new();
    let mut comment: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim_end) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if tables.is_empty() {
                intro.append(&mut comment);
            }
            comment.clear();
            tables.push(Table {
                name: name.to_string(),
                keys: Vec::new(),
            });
        } else if let (Some(key), Some(table)) = (key_line(line), tables.last_mut()) {
            table.keys.push(Key {
                line: key.to_string(),
                doc: comment.join(" "),
            });
            comment.clear();
        } else if let Some(words) = line.strip_prefix('#') {
            comment.push(words.trim());
        }
    }
    Documented {
        intro: intro.join(" "),
        tables,
    }
}

/// Renders pbmgo.toml(5) for pbmgo `version`.
pub(crate) fn page(version: &str) -> String {
    let doc = read(DEFAULT_CONFIG);
    let mut roff = Roff::new();
    let source = format!("pbmgo {version}");
    roff.control("TH", [CONFIG_FILE, "5", "", source.as_str(), ""]);
    roff.control("SH", ["NAME"]);
    roff.text([roman(format!(
        "{CONFIG_FILE} - the pbmgo configuration file"
    ))]);
    roff.control("SH", ["DESCRIPTION"]);
    roff.text([roman(doc.intro)]);
    roff.control("PP", []);
    roff.text([roman(how_read())]);
    for table in &doc.tables {
        roff.control("SH", [format!("[{}]", table.name).as_str()]);
        for key in &table.keys {
            roff.control("TP", []);
            roff.text([bold(key.line.as_str())]);
            if !key.doc.is_empty() {
                roff.text([roman(key.doc.as_str())]);
            }
        }
    }
    files(&mut roff);
    see_also(&mut roff, &[("pbmgo", "1"), ("pbmgo-init", "1")]);
    let mut out = Vec::new();
    roff.to_writer(&mut out).expect("writing to a Vec");
    String::from_utf8_lossy(&out).into_owned()
}

/// How pbmgo finds and reads the file, for the page and the reference.
fn how_read() -> String {
    format!(
        "pbmgo init writes this file into the home, every key commented out at \
         its default, as listed below. A key left out has its default; an \
         unknown key is an error. pbmgo reads {CONFIG_FILE} from the home \
         unless --config names another file."
    )
}

/// Renders docs/configuration.md: the same reading as `page`, in Markdown
/// (written and checked by the test `configuration_reference_in_docs_is_current`).
#[cfg(test)]
pub(crate) fn markdown() -> String {
    let doc = read(DEFAULT_CONFIG);
    let mut out = format!(
        "# {CONFIG_FILE}: the configuration reference\n\n\
         <!-- Generated from src/home/default.toml by src/cli/man_config.rs; \
         do not edit. Regenerate: PBMGO_WRITE_DOCS=1 cargo test --lib \
         configuration_reference -->\n\n{}\n\n{}\n",
        escape(&doc.intro),
        how_read()
    );
    for table in &doc.tables {
        out.push_str(&format!("\n## [{}]\n\n", table.name));
        for key in &table.keys {
            out.push_str(&format!("- `{}`", key.line));
            if !key.doc.is_empty() {
                out.push_str(&format!(": {}", escape(&key.doc)));
            }
            out.push('\n');
        }
    }
    out
}

/// `text` with `<` escaped outside code spans, so that `<home>` shows.
#[cfg(test)]
fn escape(text: &str) -> String {
    let parts = text.split('`').enumerate();
    let parts = parts.map(|(i, p)| match i % 2 {
        0 => p.replace('<', "\\<"),
        _ => p.to_string(),
    });
    parts.collect::<Vec<_>>().join("`")
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    roff.control("TP", []);
    roff.text([roman(format!("/var/lib/pbmgo/{CONFIG_FILE}"))]);
    roff.text([roman(
        "This file, in the home of the Debian package; pbmgo(1) lists the \
         other files of a home.",
    )]);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# The config.\n# Two lines.\n\n[server]\n\
        # The address.\n# address = \"a@b\"\n# name = \"pbmgo\"\n\n\
        [inbox.imap]\n# A mailbox; see = below.\n# host = \"\"\n";

    #[test]
    fn keys_take_the_comment_above_them_and_tables_their_keys() {
        let doc = read(SAMPLE);
        assert_eq!(doc.intro, "The config. Two lines.");
        let names: Vec<&str> = doc.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["server", "inbox.imap"]);
        let server = &doc.tables[0].keys;
        assert_eq!(server[0].line, "address = \"a@b\"");
        assert_eq!(server[0].doc, "The address.");
        assert_eq!(
            (server[1].line.as_str(), server[1].doc.as_str()),
            ("name = \"pbmgo\"", "")
        );
        assert_eq!(doc.tables[1].keys[0].doc, "A mailbox; see = below.");
    }

    #[test]
    fn every_key_of_the_default_config_is_on_the_page() {
        let page = page("9.9.9");
        assert!(page.contains(".TH pbmgo.toml 5 ") && page.contains("\"pbmgo 9.9.9\""));
        let keys = DEFAULT_CONFIG.lines().filter(|l| key_line(l).is_some());
        let mut seen = 0;
        for line in keys {
            let (name, _) = line[2..].split_once(" = ").unwrap();
            let shown = format!("\\fB{name} = ");
            assert!(page.contains(&shown), "{name} is not on the page");
            seen += 1;
        }
        assert!(seen > 40, "only {seen} keys read");
    }

    #[test]
    fn configuration_reference_in_docs_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/configuration.md");
        let made = markdown();
        if std::env::var_os("PBMGO_WRITE_DOCS").is_some() {
            std::fs::write(&path, &made).unwrap();
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            kept == made,
            "docs/configuration.md is stale; regenerate it: \
             PBMGO_WRITE_DOCS=1 cargo test --lib configuration_reference"
        );
        assert!(made.contains("\n## [server]\n") && made.contains("go+\\<token>@domain"));
        assert!(made.contains("- `address = \"pbmgo@localhost\"`: The address players"));
    }
}
