//! The documentation stays true: the README is short and links to the
//! guides, and every relative link (and its `#anchor`) in README.md,
//! CHANGELOG.md and `docs/` leads somewhere. (docs/configuration.md is
//! checked against the config by a unit test in `src/cli/man_config.rs`.)

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose links are checked.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The targets of the inline links `[text](target)` of `text`, outside
/// code blocks.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || line.starts_with("    ") && !line.trim_start().starts_with('-') {
            continue;
        }
        for (i, _) in line.match_indices("](") {
            let rest = &line[i + 2..];
            if let Some(end) = rest.find(')') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// made dashes.
fn slug(heading: &str) -> String {
    let kept = heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .collect::<String>();
    kept.replace(' ', "-")
}

fn anchors(text: &str) -> Vec<String> {
    let headings = text.lines().filter(|l| l.starts_with('#'));
    headings
        .map(|l| slug(l.trim_start_matches('#').trim()))
        .collect()
}

/// The broken links of `file`, as `file: target`.
fn broken(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut bad = Vec::new();
    for link in links(&text) {
        if link.contains("://") || link.starts_with("mailto:") {
            continue;
        }
        let (path, anchor) = link.split_once('#').unwrap_or((&link, ""));
        let target = match path {
            "" => file.to_path_buf(),
            _ => file.parent().unwrap().join(path),
        };
        let resolves = target.exists()
            && (anchor.is_empty()
                || target.extension().is_none_or(|e| e != "md")
                || anchors(&std::fs::read_to_string(&target).unwrap()).contains(&anchor.into()));
        if !resolves {
            bad.push(format!("{}: {link}", file.display()));
        }
    }
    bad
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves() {
    let files = documents();
    assert!(files.len() >= 7, "{files:?}");
    let bad: Vec<String> = files.iter().flat_map(|f| broken(f)).collect();
    assert!(
        bad.is_empty(),
        "links that lead nowhere:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_link_check_sees_links_anchors_and_broken_ones() {
    let text = "# A title, `code`!\n[a](x.md#b-c) and [d](#a-title-code)\n    [no](code.md)\n";
    assert_eq!(links(text), ["x.md#b-c", "#a-title-code"]);
    assert_eq!(anchors(text), ["a-title-code"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.md");
    std::fs::write(&file, text).unwrap();
    assert_eq!(broken(&file), [format!("{}: x.md#b-c", file.display())]);
}

#[test]
fn the_readme_is_short_and_links_to_the_guides() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; move detail into docs/"
    );
    for target in [
        "docs/players.md",
        "docs/admin.md",
        "docs/configuration.md",
        "docs/architecture.md",
        "docs/testing.md",
        "docs/performance.md",
        "CHANGELOG.md",
    ] {
        assert!(
            links(&readme).iter().any(|l| l == target),
            "README.md does not link to {target}"
        );
    }
    for fact in [
        "    cargo test\n",
        "    bash .ci/run\n",
        "dpkg -i",
        "pbmgo demo",
    ] {
        assert!(readme.contains(fact), "README.md no longer says {fact:?}");
    }
}
