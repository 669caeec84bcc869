//! Every file under `tests/` is compiled: cargo builds each `.rs` file
//! directly in `tests/` as a test binary of its own, and a file deeper down
//! only when a `mod` declaration reaches it from one of those. A file that
//! nothing declares is silently left out, with its tests; so is a new
//! binary welcome only with a reason (see `tests/runner.rs`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::source::code_of;

/// The test binaries: the suite, and the allocator test, which must run
/// before SQLite starts in its process.
const ROOTS: &[&str] = &["runner.rs", "store_memory.rs"];

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut BTreeSet<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(path);
        }
    }
}

/// The names of the modules `code` declares in files (`mod name;`).
fn declared(code: &str) -> Vec<String> {
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ';'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        if let ["mod", name] = pair
            && let Some(name) = name.strip_suffix(';')
        {
            out.push(name.to_string());
        }
    }
    out
}

/// The files reached from the crate root `root` in `dir` through `mod` declarations,
/// found where rustc looks: `name.rs` or `name/mod.rs` in the folder of a
/// crate root or `mod.rs`, and in the folder named after any other file.
/// Also the problems met: a declared module with no file, a `#[path]`.
fn reached(dir: &Path, root: &Path) -> (BTreeSet<PathBuf>, Vec<String>) {
    let (mut seen, mut problems) = (BTreeSet::new(), Vec::new());
    let mut todo = vec![(root.to_path_buf(), true)];
    while let Some((file, owns_folder)) = todo.pop() {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let shown = file.strip_prefix(dir).unwrap_or(&file).display();
        if code.contains("#[path") {
            problems.push(format!("{shown}: a #[path] attribute"));
        }
        let folder = match owns_folder {
            true => file.parent().unwrap().to_path_buf(),
            false => file.with_extension(""),
        };
        for name in declared(&code) {
            let flat = folder.join(format!("{name}.rs"));
            let nested = folder.join(&name).join("mod.rs");
            match (flat.is_file(), nested.is_file()) {
                (true, false) => todo.push((flat, false)),
                (false, true) => todo.push((nested, true)),
                _ => problems.push(format!("{shown}: `mod {name};` has no single file")),
            }
        }
        seen.insert(file);
    }
    (seen, problems)
}

/// The files under `dir` that no crate root in it reaches, and the problems met.
fn orphans(dir: &Path) -> (Vec<String>, Vec<String>) {
    let mut all = BTreeSet::new();
    rust_files(dir, &mut all);
    let roots: Vec<PathBuf> = all
        .iter()
        .filter(|p| p.parent() == Some(dir))
        .cloned()
        .collect();
    let mut problems = Vec::new();
    for root in &roots {
        let (seen, found) = reached(dir, root);
        all.retain(|p| !seen.contains(p));
        problems.extend(found);
    }
    let left = all
        .iter()
        .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
        .collect();
    (left, problems)
}

#[test]
fn every_file_under_tests_is_compiled() {
    let (left, problems) = orphans(&tests_dir());
    assert!(
        left.is_empty(),
        "files under tests/ that no `mod` declaration reaches, so never compiled:\n{}",
        left.join("\n")
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_suite_is_one_binary_and_the_allocator_test() {
    let mut top: Vec<String> = std::fs::read_dir(tests_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(
        top, ROOTS,
        "each file directly in tests/ is a test binary of its own; put tests in a folder of tests/runner.rs"
    );
}

#[test]
fn an_undeclared_file_and_a_path_attribute_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        (
            "main.rs",
            "mod a;\n#[path = \"b/x.rs\"]\nmod x;\n// mod gone;\n",
        ),
        ("a/mod.rs", "mod c; const S: &str = \"mod d;\";"),
        ("a/c.rs", "mod e;"),
        ("a/c/e.rs", ""),
        ("a/d.rs", ""),
        ("b/x.rs", ""),
        ("b/y.rs", ""),
        ("z.rs", "mod w;"),
    ];
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let (left, problems) = orphans(dir.path());
    assert_eq!(left, ["a/d.rs", "b/x.rs", "b/y.rs"]);
    assert_eq!(
        problems,
        [
            "main.rs: a #[path] attribute",
            "main.rs: `mod x;` has no single file",
            "z.rs: `mod w;` has no single file"
        ]
    );
}
