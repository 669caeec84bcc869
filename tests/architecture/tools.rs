//! A test that runs a program a bare machine lacks (Python with sgfmill,
//! Chromium, SpamAssassin, Postfix and Dovecot, systemd-analyze, dpkg) is
//! `#[ignore = "needs ..."]`d, so a fresh clone's `cargo test` passes on a
//! machine with only Rust and a C compiler, and `.ci/run` (which installs
//! them) runs it with `--include-ignored`.
//!
//! Read from the source: an item (a function or a constant) that names one
//! of the programs in a string literal spawns it, and so does every
//! function that calls such an item by name, in any file; each `#[test]`
//! among them must carry the ignore. Names are matched across files, so a
//! helper's name shared with an innocent function errs on the side of
//! asking for an ignore.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::source::{code_of, code_with_words};

/// The programs, as a string literal names them (alone or as a path's end).
const PROGRAMS: &[&str] = &[
    "python3",
    "python",
    "chromium",
    "spamassassin",
    "postfix",
    "dovecot",
    "mailstack.sh",
    "systemd-analyze",
    "dpkg",
    "dpkg-deb",
];

/// One function or constant of a file: its name, its text (string
/// literals keeping their words), its code (literals blanked) and, for a
/// function, its attributes.
struct Item {
    place: String,
    /// The file's module name (`oracle` for `tests/common/oracle.rs`).
    module: String,
    /// The whole file's code, literals blanked.
    file: String,
    public: bool,
    name: String,
    attrs: String,
    body: String,
    code: String,
}

#[test]
fn tests_that_run_a_missing_program_are_ignored_with_the_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "src", "crates", "benches"] {
        read_rs(&root.join(dir), dir, &mut files);
    }
    let items: Vec<Item> = files
        .iter()
        .filter(|(p, _)| p != "tests/architecture/tools.rs")
        .flat_map(|(p, t)| items(p, t))
        .collect();
    let spawning = spawning(&items);
    for seen in [
        "sgfmill_reads",
        "a_browser_loads_and_paints_the_board_picture",
        "the_systemd_units_verify",
    ] {
        assert!(spawning.contains(seen), "the checker no longer sees {seen}");
    }
    let bad = unignored(&items, &spawning);
    assert!(
        bad.is_empty(),
        "tests that run a program a bare machine lacks, not #[ignore = \"needs ...\"]:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checker_follows_calls_and_reads_the_ignore() {
    let text = "const CHROME: &str = \"/usr/bin/chromium\";\n\
                fn shot() { run(CHROME, \"{x}\") }\n\
                fn py() -> String { \"python3\".into() }\n\
                fn oracle() { let p = py(); }\n\
                #[test]\nfn a() { shot(); }\n\
                #[test]\n#[ignore = \"needs /usr/bin/chromium\"]\nfn b() { shot(); }\n\
                #[test]\nfn c() { oracle(); }\n\
                #[test]\nfn d() { let s = \"postfix-failed.eml\"; }\n";
    let other = "use super::t::oracle;\n#[test]\nfn e() { oracle(); }\n\
                 #[test]\nfn f() { shot(); }\n";
    let public = text.replace("fn oracle", "pub fn oracle");
    let mut all = items("t.rs", &public);
    all.extend(items("u.rs", other));
    let bad = unignored(&all, &spawning(&all));
    assert_eq!(bad, ["t.rs a", "t.rs c", "u.rs e"]);
}

/// The names of the items that run a program, directly or through others.
fn spawning(items: &[Item]) -> BTreeSet<String> {
    let mut found: Vec<bool> = items.iter().map(|i| names_a_program(&i.body)).collect();
    loop {
        let more: Vec<usize> = (0..items.len())
            .filter(|&i| !found[i])
            .filter(|&i| (0..items.len()).any(|n| found[n] && calls(&items[i], &items[n])))
            .collect();
        if more.is_empty() {
            break;
        }
        more.into_iter().for_each(|i| found[i] = true);
    }
    let names = items.iter().zip(found).filter(|(_, f)| *f);
    names.map(|(i, _)| i.name.clone()).collect()
}

/// True when `user` names `item`: in the same file, or in a file that
/// names `item`'s module when `item` is public.
fn calls(user: &Item, item: &Item) -> bool {
    let reachable = user.place == item.place || (item.public && uses(&user.file, &item.module));
    reachable && uses(&user.code, &item.name)
}

/// The `#[test]`s among `spawning` without an `#[ignore = "needs ..."]`.
fn unignored(items: &[Item], spawning: &BTreeSet<String>) -> Vec<String> {
    items
        .iter()
        .filter(|i| i.attrs.contains("#[test]") && spawning.contains(&i.name))
        .filter(|i| !i.attrs.contains("#[ignore = \"needs"))
        .map(|i| format!("{} {}", i.place, i.name))
        .collect()
}

fn names_a_program(body: &str) -> bool {
    body.split('"').skip(1).step_by(2).any(|lit| {
        let last = lit.rsplit('/').next().unwrap_or(lit);
        PROGRAMS.contains(&last) && !lit.contains(' ')
    })
}

/// True when `code` names `name` as a whole word (a call, a path or a value).
fn uses(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + name.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The functions (with a body) and constants of one file.
fn items(place: &str, text: &str) -> Vec<Item> {
    let code = code_with_words(text);
    let file = code_of(text);
    let stem = place.trim_end_matches(".rs").trim_end_matches("/mod");
    let module = stem.rsplit('/').next().unwrap_or(stem).to_string();
    let mut out = Vec::new();
    for keyword in ["fn ", "const ", "static "] {
        for (at, _) in code.match_indices(keyword) {
            if code[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let name: String = code[at + keyword.len()..]
                .chars()
                .take_while(|c| is_ident(*c))
                .collect();
            let Some(len) = item_len(&code[at..], keyword == "fn ") else {
                continue;
            };
            if name.is_empty() {
                continue;
            }
            let body = code[at..at + len].to_string();
            let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
            out.push(Item {
                place: place.to_string(),
                module: module.clone(),
                file: file.clone(),
                public: code[line_start..at].contains("pub"),
                name,
                attrs: attributes(&code[..at]),
                code: code_of(&body),
                body,
            });
        }
    }
    out
}

/// The attribute lines right above an item (`#[test]`, `#[ignore = ...]`).
fn attributes(before: &str) -> String {
    let mut attrs = Vec::new();
    for line in before.lines().rev() {
        let line = line.trim();
        if line.starts_with("#[") {
            attrs.push(line);
        } else if !line.is_empty() && !matches!(line, "pub" | "pub(crate)" | "async") {
            break;
        }
    }
    attrs.join("\n")
}

/// The length of an item: a function to its closing brace (`None` without
/// a body), a constant to its `;`.
fn item_len(s: &str, function: bool) -> Option<usize> {
    let (mut depth, mut parens) = (0usize, 0i32);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => parens += 1,
            ')' | ']' => parens -= 1,
            ';' if depth == 0 && parens == 0 => return (!function).then_some(i + 1),
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 && function {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn read_rs(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            read_rs(&p, &format!("{rel}/{name}"), out);
        } else if name.ends_with(".rs") {
            out.push((
                format!("{rel}/{name}"),
                std::fs::read_to_string(&p).unwrap(),
            ));
        }
    }
}
