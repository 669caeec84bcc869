//! Runs the project's Python oracle (`tests/oracle/ko_oracle.py`, which
//! drives `../shared/tools/ko_reference.py`) and reads its JSON; finds the
//! shared SGF corpus (`../shared/sgf-corpus`).
//!
//! Neither is part of the repository, so the tests that use them are
//! `#[ignore]`d with the reason: a plain `cargo test` lists them as ignored.
//! Run with `--include-ignored` (as `.ci/run` does), they fail with what is
//! missing when the corpus, the checker, python3 or sgfmill is not there.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate root.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared SGF corpus beside the crate; panics when it is missing.
pub fn corpus_dir() -> PathBuf {
    let dir = crate_dir().join("../shared/sgf-corpus");
    assert!(
        dir.is_dir(),
        "the shared SGF corpus is missing at {}: run this test in a checkout with ../shared beside it",
        dir.display()
    );
    dir
}

/// The reference checker beside the crate.
fn checker() -> PathBuf {
    crate_dir().join("../shared/tools/ko_reference.py")
}

/// Returns the Python interpreter to use (`PYTHON`, else `python3`).
pub fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Panics with what is missing unless the checker is beside the crate and
/// python3 (or `PYTHON`) with sgfmill runs.
pub fn require() {
    assert!(
        checker().is_file(),
        "the reference checker is missing at {}: run this test in a checkout with ../shared beside it",
        checker().display()
    );
    let ok = Command::new(python())
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "{} with sgfmill cannot run: pip install sgfmill (or set PYTHON)",
        python()
    );
}

fn script() -> PathBuf {
    crate_dir().join("tests/oracle/ko_oracle.py")
}

/// Runs the oracle over `dir` and returns its JSON (a list, one entry per file).
pub fn run(dir: &Path) -> serde_json::Value {
    require();
    let out = Command::new(python())
        .arg(script())
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

/// Returns the oracle's JSON text for the shared corpus, cached under
/// `target/oracle/` and made again when older than any of its inputs.
pub fn corpus_bytes() -> Vec<u8> {
    require();
    let cache = crate_dir().join("target/oracle/corpus.json");
    if is_stale(&cache) {
        std::fs::create_dir_all(cache.parent().unwrap()).unwrap();
        let status = Command::new(python())
            .arg(script())
            .arg(corpus_dir())
            .arg("--out")
            .arg(&cache)
            .status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "the oracle failed on the corpus"
        );
    }
    std::fs::read(&cache).unwrap()
}

/// Returns the oracle's JSON for the shared corpus (see `corpus_bytes`).
pub fn corpus() -> serde_json::Value {
    serde_json::from_slice(&corpus_bytes()).expect("oracle JSON")
}

/// Returns true when `out` is missing or older than the script, the checker or any corpus file.
fn is_stale(out: &Path) -> bool {
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(made) = mtime(out) else { return true };
    let mut inputs = vec![script(), checker(), corpus_dir()];
    inputs.extend(sgf_files(&corpus_dir()).into_iter().map(|(p, _)| p));
    inputs.iter().any(|p| mtime(p).is_none_or(|t| t > made))
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
