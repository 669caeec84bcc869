//! The house rules of `src/` and of the crates in crates/, read from the
//! source itself: which module may import which, no import loops between
//! files, SQL only in the store, the engine pure of I/O and depending on
//! thiserror alone, no thread-locals, no raw `i64` id in a pipeline
//! signature. Each rule is also run against a small tree that breaks it, so
//! a checker that stopped seeing would fail.

use crate::common::{signatures, source};

use std::path::Path;

use crate::common::layers::{self, Layers, layer_breaks};
use source::{Tree, cycles, impure_engine, sql_outside_store, thread_locals};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn src() -> Tree {
    Tree::read(&root().join("src"))
}

/// The library crates of the workspace, each by its directory under crates/.
const CRATES: &[&str] = &["go", "render", "clock", "rating", "pairing"];

fn crate_src(name: &str) -> Tree {
    Tree::read(&root().join("crates").join(name).join("src"))
}

/// `src/` and every crate's source, each named by where it lives.
fn trees() -> Vec<(String, Tree)> {
    let mut out = vec![("src".to_string(), src())];
    out.extend(
        CRATES
            .iter()
            .map(|c| (format!("crates/{c}/src"), crate_src(c))),
    );
    out
}

/// What a check found in each tree, each line prefixed with its tree.
fn in_every_tree(check: impl Fn(&Tree) -> Vec<String>) -> Vec<String> {
    trees()
        .iter()
        .flat_map(|(dir, tree)| check(tree).into_iter().map(move |f| format!("{dir}/{f}")))
        .collect()
}

/// The names in the `[dependencies]` table of crates/<name>/Cargo.toml.
fn dependencies(name: &str) -> Vec<String> {
    let path = root().join("crates").join(name).join("Cargo.toml");
    let manifest: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let deps = manifest.get("dependencies").and_then(|d| d.as_table());
    deps.map(|d| d.keys().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn no_file_imports_itself_through_others() {
    for (dir, tree) in trees() {
        let loops = cycles(&tree);
        assert!(
            loops.is_empty(),
            "import loops in {dir}:\n{}",
            source::show_cycles(&loops)
        );
    }
}

/// The layer tables of docs/architecture.md.
fn tables() -> Layers {
    Layers::read(root())
}

#[test]
fn each_layer_imports_only_what_is_below_it() {
    let breaks = layer_breaks(&src(), &tables());
    assert!(breaks.is_empty(), "layer breaks:\n{}", breaks.join("\n"));
}

#[test]
fn each_pipeline_folder_holds_what_its_row_says() {
    let tables = tables();
    assert!(tables.pipeline.len() >= 5, "{:?}", tables.pipeline);
    let differ = layers::pipeline_rows_differ(&src(), &tables);
    assert!(
        differ.is_empty(),
        "docs/architecture.md's pipeline table and src/pipeline differ:\n{}",
        differ.join("\n")
    );
}

#[test]
fn sql_is_written_only_in_the_store() {
    let found = in_every_tree(sql_outside_store);
    assert!(
        found.is_empty(),
        "SQL outside src/store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_engine_does_no_io() {
    let engine = crate_src("go");
    assert!(
        engine.files.contains_key("board.rs"),
        "crates/go/src unread"
    );
    let found = impure_engine(&engine);
    assert!(
        found.is_empty(),
        "crates/go reaches outside itself:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_clocks_read_no_clock_and_do_no_io() {
    let clock = crate_src("clock");
    assert!(
        clock.files.contains_key("calendar.rs"),
        "crates/clock/src unread"
    );
    let found = source::impure_clock(&clock);
    assert!(
        found.is_empty(),
        "crates/clock reaches outside itself:\n{}",
        found.join("\n")
    );
    let broken = Tree::from_files(&[("lib.rs", "fn f() -> u8 { let t = chrono::Utc::now(); 0 }")]);
    assert_eq!(source::impure_clock(&broken), ["lib.rs: Utc::now"]);
}

#[test]
fn the_ratings_and_the_pairings_do_no_io() {
    for (name, file) in [("rating", "rank.rs"), ("pairing", "ladder.rs")] {
        let tree = crate_src(name);
        assert!(tree.files.contains_key(file), "crates/{name}/src unread");
        let found = source::impure_clock(&tree);
        assert!(
            found.is_empty(),
            "crates/{name} reaches outside itself:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_crates_depend_only_on_what_they_may() {
    assert_eq!(dependencies("go"), ["thiserror"], "crates/go/Cargo.toml");
    // miniz_oxide and crc32fast write the PNG (the png crate's streaming
    // writer cost more in buffer zeroing than in compressing; png is now a
    // dev-dependency, to decode the pictures in the tests).
    assert_eq!(
        dependencies("render"),
        [
            "crc32fast",
            "miniz_oxide",
            "pbmgo-go",
            "thiserror",
            "tiny-skia"
        ],
        "crates/render/Cargo.toml"
    );
    assert_eq!(
        dependencies("clock"),
        ["chrono", "chrono-tz", "thiserror"],
        "crates/clock/Cargo.toml"
    );
    assert_eq!(
        dependencies("rating"),
        ["skillratings", "thiserror"],
        "crates/rating/Cargo.toml"
    );
    assert_eq!(
        dependencies("pairing"),
        ["thiserror"],
        "crates/pairing/Cargo.toml"
    );
    for name in CRATES {
        assert!(
            !root().join("src").join(name).exists(),
            "src/{name} is back beside crates/{name}"
        );
    }
}

#[test]
fn no_hidden_state_in_thread_locals() {
    let found = in_every_tree(thread_locals);
    assert!(found.is_empty(), "thread_local! in:\n{}", found.join("\n"));
}

/// The layer tables the small trees below are checked against.
const SMALL_TABLES: &str = "\
| module | its job | may import |
|---|---|---|
| `home` | the home | none |
| `store` | the store | `home` |
| `mail` | mail | `home` |
| `pipeline` | messages | `home`, `store`, `mail` |

| layer | its job | holds |
|---|---|---|
| `base` | the bottom | `error` |
| `top` | the top | `run` |
";

/// A small tree in which every rule of `src/` is broken once.
fn broken_tree() -> Tree {
    Tree::from_files(&[
        (
            "lib.rs",
            "pub mod home; pub mod store; pub mod mail; pub mod pipeline;",
        ),
        ("home/mod.rs", "mod dirs; use crate::store::Store;"),
        ("home/dirs.rs", "pub struct Dirs;"),
        ("store/mod.rs", "use crate::mail::Mail; pub struct Store;"),
        (
            "mail/mod.rs",
            "pub struct Mail; thread_local! { static X: u8 = 0; }",
        ),
        (
            "pipeline/mod.rs",
            "mod a; mod b; mod base; mod top; pub use a::A;",
        ),
        ("pipeline/a.rs", "use super::b::B; pub struct A;"),
        (
            "pipeline/b.rs",
            "use super::A; pub struct B; fn f() { let q = \"SELECT id FROM games\"; }",
        ),
        ("pipeline/base/mod.rs", "mod error; mod extra; mod extra2;"),
        (
            "pipeline/base/error.rs",
            "use crate::pipeline::top::run::go; pub struct E;",
        ),
        ("pipeline/base/extra.rs", "pub struct X;"),
        ("pipeline/top/mod.rs", "pub(crate) mod run;"),
        (
            "pipeline/top/run.rs",
            "use crate::pipeline::base::error::E; pub use crate::pipeline::base::extra::X; pub fn go() {}",
        ),
        (
            "pipeline/base/extra2.rs",
            "use crate::pipeline::top::run::X;",
        ),
    ])
}

#[test]
fn the_rules_catch_a_tree_that_breaks_them() {
    let tree = broken_tree();
    let loops = source::show_cycles(&cycles(&tree));
    assert!(
        loops.contains("pipeline/a.rs") && loops.contains("pipeline/b.rs"),
        "{loops}"
    );
    let tables = Layers::parse(SMALL_TABLES);
    let breaks = layer_breaks(&tree, &tables).join("\n");
    assert!(breaks.contains("store/mod.rs imports mail"), "{breaks}");
    assert!(breaks.contains("home/mod.rs imports store"), "{breaks}");
    assert!(
        breaks.contains("pipeline/base/error.rs (base) imports top"),
        "{breaks}"
    );
    assert!(!breaks.contains("pipeline/top/run.rs ("), "{breaks}");
    assert!(
        breaks.contains("pipeline/base/extra2.rs (base) imports top"),
        "a lower layer's item through a higher re-export: {breaks}"
    );
    assert!(
        breaks.contains("pipeline/a.rs: pipeline layer a is not in the table"),
        "{breaks}"
    );
    let differ = layers::pipeline_rows_differ(&tree, &tables).join("\n");
    assert!(differ.contains("pipeline/base: folder"), "{differ}");
    assert!(!differ.contains("pipeline/top"), "{differ}");
    assert!(differ.contains("pipeline/a has no row"), "{differ}");
    assert_eq!(sql_outside_store(&tree).len(), 1);
    assert_eq!(thread_locals(&tree), ["mail/mod.rs"]);
    let engine = Tree::from_files(&[
        ("lib.rs", "mod board; pub use board::Board;"),
        ("board.rs", "use std::fs::read; pub struct Board;"),
    ]);
    assert_eq!(impure_engine(&engine), ["board.rs: std::fs"]);
}

#[test]
fn comments_strings_and_test_modules_are_not_imports() {
    let tree = Tree::from_files(&[
        ("lib.rs", "pub mod a; pub mod b;"),
        (
            "a.rs",
            "// use crate::b;\nconst S: &str = \"crate::b::x\"; pub fn f() {}",
        ),
        (
            "b.rs",
            "pub fn g() { crate::a::f() }\n#[cfg(test)]\nmod tests { use crate::b::g; }",
        ),
    ]);
    assert!(cycles(&tree).is_empty());
    assert_eq!(tree.edges_of("b.rs"), ["a.rs"]);
}

/// The longest function allowed in production code, in lines.
const LONGEST: usize = 59;
/// The median function length allowed in `src/pipeline`, in lines.
const PIPELINE_MEDIAN: usize = 10;

#[test]
fn no_production_function_is_long() {
    let all: Vec<source::Function> = trees()
        .iter()
        .flat_map(|(dir, tree)| {
            source::functions(tree).into_iter().map(move |mut f| {
                f.file = format!("{dir}/{}", f.file);
                f
            })
        })
        .collect();
    let longest = all.iter().max_by_key(|f| f.lines).expect("functions");
    println!(
        "longest: {} lines, {} {}",
        longest.lines, longest.file, longest.name
    );
    let long: Vec<String> = all
        .into_iter()
        .filter(|f| f.lines > LONGEST)
        .map(|f| format!("{:4} {} {}", f.lines, f.file, f.name))
        .collect();
    assert!(
        long.is_empty(),
        "functions over {LONGEST} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn pipeline_functions_are_short() {
    let mut lengths: Vec<usize> = source::functions(&src())
        .into_iter()
        .filter(|f| f.file.starts_with("pipeline/"))
        .map(|f| f.lines)
        .collect();
    let median = source::median(&mut lengths);
    println!(
        "src/pipeline: {} functions, median {median} lines",
        lengths.len()
    );
    assert!(
        median <= PIPELINE_MEDIAN,
        "median {median} lines over {} functions",
        lengths.len()
    );
}

/// Where ids must be typed (`GameId`, `PlayerId`, ...) in every signature.
const TYPED_IDS: &[&str] = &["pipeline/"];

#[test]
fn pipeline_signatures_hold_no_raw_ids() {
    let tree = src();
    let raw: Vec<String> = TYPED_IDS
        .iter()
        .flat_map(|dir| signatures::raw_ids(&tree, dir))
        .collect();
    assert!(
        raw.is_empty(),
        "raw i64 ids in signatures (use GameId, PlayerId, ...):\n{}",
        raw.join("\n")
    );
}

#[test]
fn the_id_rule_catches_raw_ids_and_only_those() {
    let tree = Tree::from_files(&[
        ("lib.rs", "pub mod pipeline; pub mod store;"),
        ("pipeline/mod.rs", "mod a;"),
        (
            "pipeline/a.rs",
            "pub(crate) fn load(conn: &C, game: i64, player: GameId) -> R {}
             fn defer(&self, inbound_id: Option<i64>, days: i64) {}
             fn header_game(m: &M) -> Option<i64> { None }
             fn scopes(ids: &[i64], f: impl Fn(i64) -> bool, n: i64) -> Vec<i64> {}
             fn count(n: i64, one: &str) -> String {}
             fn typed(game: GameId, map: HashMap<i64, u32>) -> i64 {}
             #[cfg(test)]
             mod tests { fn helper(game: i64) {} }",
        ),
        ("store/mod.rs", "pub fn by_id(id: i64) {}"),
    ]);
    let raw = signatures::raw_ids(&tree, "pipeline/");
    assert_eq!(
        raw,
        [
            "pipeline/a.rs: fn load takes game: i64",
            "pipeline/a.rs: fn defer takes inbound_id: Option<i64>",
            "pipeline/a.rs: fn header_game returns Option<i64>",
            "pipeline/a.rs: fn scopes takes ids: &[i64]",
        ]
    );
}
