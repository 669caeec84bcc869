//! The house rules of `src/`, read from the source itself: which module may
//! import which, no import loops between files, SQL only in the store, the
//! engine pure of I/O, no thread-locals. Each rule is also run against a
//! small tree that breaks it, so a checker that stopped seeing would fail.

use crate::common::source;

use std::path::Path;

use source::{Tree, cycles, impure_engine, layer_breaks, sql_outside_store, thread_locals};

fn src() -> Tree {
    Tree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn no_file_imports_itself_through_others() {
    let tree = src();
    let loops = cycles(&tree);
    assert!(
        loops.is_empty(),
        "import loops:\n{}",
        source::show_cycles(&loops)
    );
}

#[test]
fn each_layer_imports_only_what_is_below_it() {
    let breaks = layer_breaks(&src());
    assert!(breaks.is_empty(), "layer breaks:\n{}", breaks.join("\n"));
}

#[test]
fn sql_is_written_only_in_the_store() {
    let found = sql_outside_store(&src());
    assert!(
        found.is_empty(),
        "SQL outside src/store:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_engine_does_no_io() {
    let found = impure_engine(&src());
    assert!(
        found.is_empty(),
        "src/go reaches outside itself:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_hidden_state_in_thread_locals() {
    let found = thread_locals(&src());
    assert!(found.is_empty(), "thread_local! in:\n{}", found.join("\n"));
}

/// A small tree in which every rule is broken once.
fn broken_tree() -> Tree {
    Tree::from_files(&[
        (
            "lib.rs",
            "pub mod go; pub mod store; pub mod mail; pub mod pipeline;",
        ),
        (
            "go/mod.rs",
            "mod board; use std::fs::read; use crate::store::Store;",
        ),
        ("go/board.rs", "pub struct Board;"),
        ("store/mod.rs", "use crate::mail::Mail; pub struct Store;"),
        (
            "mail/mod.rs",
            "pub struct Mail; thread_local! { static X: u8 = 0; }",
        ),
        ("pipeline/mod.rs", "mod a; mod b; pub use a::A;"),
        ("pipeline/a.rs", "use super::b::B; pub struct A;"),
        (
            "pipeline/b.rs",
            "use super::A; pub struct B; fn f() { let q = \"SELECT id FROM games\"; }",
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
    let breaks = layer_breaks(&tree).join("\n");
    assert!(breaks.contains("store/mod.rs imports mail"), "{breaks}");
    assert!(breaks.contains("go/mod.rs imports store"), "{breaks}");
    assert_eq!(sql_outside_store(&tree).len(), 1);
    assert!(impure_engine(&tree).iter().any(|f| f.contains("std::fs")));
    assert_eq!(thread_locals(&tree), ["mail/mod.rs"]);
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
    let all = source::functions(&src());
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
