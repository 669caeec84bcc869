//! `unsafe` in one module: `[workspace.lints.rust]` in Cargo.toml denies
//! the lint against unsafe code for every target of every package (each
//! takes the workspace's lints), and only `src/store/memory.rs`
//! (SQLite's allocator hooks) allows it again. The compiler holds the rest; this
//! holds the table, and that no other file opts out.

use std::path::{Path, PathBuf};

/// The lint's name, spelt so that this file does not name it.
const LINT: &str = concat!("unsafe", "_code");

/// The one file that may allow the lint.
const THE_MODULE: &str = "src/store/memory.rs";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, as paths relative to the package root.
fn rust_files(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root()).unwrap();
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Whether `code` has an `allow` or `expect` attribute naming the lint
/// (first in its list, as `#![allow(<lint>, reason = ...)]` has it).
fn opts_out(code: &str) -> bool {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    ["allow(", "expect(", "warn("]
        .iter()
        .any(|a| code.contains(&format!("{a}{LINT}")))
}

#[test]
fn the_check_sees_an_attribute_over_lines() {
    assert!(opts_out(&format!(
        "#![allow(\n    {LINT},\n    reason = \"x\"\n)]"
    )));
    assert!(opts_out(&format!("#[expect({LINT})] fn f() {{}}")));
    assert!(!opts_out(&format!("fn {LINT}_is_named_here() {{}}")));
}

#[test]
fn cargo_toml_denies_unsafe_code() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&manifest).unwrap();
    let level = manifest["workspace"]["lints"]["rust"][LINT].as_str();
    assert!(
        matches!(level, Some("deny" | "forbid")),
        "[workspace.lints.rust] {LINT} is {level:?}"
    );
    for package in [
        "Cargo.toml",
        "crates/go/Cargo.toml",
        "crates/render/Cargo.toml",
        "crates/clock/Cargo.toml",
        "crates/rating/Cargo.toml",
        "crates/pairing/Cargo.toml",
    ] {
        let text = std::fs::read_to_string(root().join(package)).unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap();
        let inherits = table["lints"]["workspace"].as_bool();
        assert_eq!(
            inherits,
            Some(true),
            "{package} takes the workspace's lints"
        );
    }
}

#[test]
fn only_one_module_allows_unsafe_code() {
    let mut files = vec!["build.rs".to_owned()];
    for dir in ["src", "tests", "benches", "crates"] {
        rust_files(&root().join(dir), &mut files);
    }
    let opting_out: Vec<&String> = files
        .iter()
        .filter(|f| opts_out(&std::fs::read_to_string(root().join(f)).unwrap()))
        .collect();
    assert_eq!(opting_out, [THE_MODULE], "files that name {LINT}");
}
