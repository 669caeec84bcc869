//! Runs the project's Python oracle (`tests/oracle/ko_oracle.py`, which
//! drives `../shared/tools/ko_reference.py`) and reads its JSON.
//!
//! When python3 or sgfmill is missing, the oracle is skipped with a printed
//! reason on a developer machine, and is a failure under CI (`CI` set).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate root.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared SGF corpus beside the crate.
pub fn corpus_dir() -> PathBuf {
    crate_dir().join("../shared/sgf-corpus")
}

/// Returns true when python3 with sgfmill can run; otherwise prints why
/// (developer machine) or panics (CI).
pub fn available(test: &str) -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        let why = "python3 with sgfmill is not installed (pip install sgfmill)";
        assert!(std::env::var_os("CI").is_none(), "{test}: {why}");
        println!("skipped {test}: {why}");
    }
    ok
}

/// Runs the oracle over `dir` and returns its JSON (a list, one entry per file).
pub fn run(dir: &Path) -> serde_json::Value {
    let script = crate_dir().join("tests/oracle/ko_oracle.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(dir)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "oracle failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("oracle prints JSON")
}

/// Returns the oracle's JSON for the shared corpus, cached under `target/oracle/`.
pub fn corpus() -> serde_json::Value {
    let cache = crate_dir().join("target/oracle/corpus.json");
    if let Ok(bytes) = std::fs::read(&cache) {
        if let Ok(v) = serde_json::from_slice(&bytes) {
            return v;
        }
    }
    let v = run(&corpus_dir());
    std::fs::create_dir_all(cache.parent().unwrap()).unwrap();
    let tmp = cache.with_extension("tmp");
    std::fs::write(&tmp, serde_json::to_vec(&v).unwrap()).unwrap();
    std::fs::rename(&tmp, &cache).unwrap();
    v
}

/// Returns every .sgf file below `root`, sorted as the checker walks them,
/// with its path relative to `root`.
pub fn sgf_files(root: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let (dirs, files): (Vec<_>, Vec<_>) = entries.into_iter().partition(|p| p.is_dir());
    for f in files {
        if f.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            let rel = f.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            out.push((f, rel));
        }
    }
    for d in dirs {
        walk(root, &d, out);
    }
}
