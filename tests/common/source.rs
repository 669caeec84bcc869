//! Reads a Rust source tree as modules and the imports between their files,
//! for the architecture rules: comments, string literals and `#[cfg(test)]`
//! modules are removed first, then every `use` tree and every
//! `crate::`/`super::`/`self::`/child-module path is resolved to the file
//! of the deepest module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What the engine must never name: I/O, the clock, threads, the database, mail.
const IMPURE: &[&str] = &[
    "std::fs",
    "std::io",
    "std::net",
    "std::env",
    "std::process",
    "std::thread",
    "std::time",
    "SystemTime",
    "Instant",
    "chrono",
    "rusqlite",
    "lettre",
    "mail_parser",
];

/// Words that start SQL statements; a string literal holding one is SQL.
const SQL: &[&str] = &[
    "SELECT ",
    "INSERT ",
    "UPDATE ",
    "DELETE ",
    "CREATE ",
    "DROP ",
    "ALTER ",
    "PRAGMA ",
    "SAVEPOINT ",
    "RELEASE ",
    "ROLLBACK",
    "BEGIN ",
    "COMMIT",
    "REPLACE INTO",
    "WITH ",
];

/// One source file: its module path, its code (comments, strings and test
/// modules removed) and its string literals.
pub struct File {
    pub module: Vec<String>,
    pub code: String,
    pub strings: Vec<String>,
    /// Names this file re-exports (`pub use a::B as C;`), with their paths.
    reexports: BTreeMap<String, Vec<String>>,
}

/// Every file of a crate, by its path relative to its `src/`.
pub struct Tree {
    pub files: BTreeMap<String, File>,
    modules: BTreeMap<Vec<String>, String>,
}

impl Tree {
    /// Reads every `.rs` file under `src` except the binary root and test files.
    pub fn read(src: &Path) -> Tree {
        let mut found = Vec::new();
        walk(src, src, &mut found);
        let files: Vec<(String, String)> = found
            .into_iter()
            .map(|(rel, path)| (rel, std::fs::read_to_string(path).unwrap()))
            .collect();
        Tree::build(files)
    }

    /// A tree from (path, text) pairs, for checking the checker.
    pub fn from_files(files: &[(&str, &str)]) -> Tree {
        Tree::build(
            files
                .iter()
                .map(|(p, t)| (p.to_string(), t.to_string()))
                .collect(),
        )
    }

    fn build(files: Vec<(String, String)>) -> Tree {
        let mut tree = Tree {
            files: BTreeMap::new(),
            modules: BTreeMap::new(),
        };
        for (rel, text) in files {
            if rel == "main.rs" || rel.ends_with("tests.rs") || rel.contains("tests/") {
                continue;
            }
            let module = module_of(&rel);
            let (code, strings) = strip(&text);
            tree.modules.insert(module.clone(), rel.clone());
            let code = without_test_modules(&code);
            let reexports = reexports(&code);
            tree.files.insert(
                rel,
                File {
                    module,
                    code,
                    strings,
                    reexports,
                },
            );
        }
        tree
    }

    /// The files `rel` imports (sorted, itself excluded).
    pub fn edges_of(&self, rel: &str) -> Vec<String> {
        let file = &self.files[rel];
        let mut out = BTreeSet::new();
        for path in paths(&file.code) {
            if let Some(target) = self.resolve(file, &path).filter(|t| t != rel) {
                out.insert(target);
            }
        }
        out.into_iter().collect()
    }

    /// The files whose modules `rel`'s paths name as written, re-exports
    /// not followed (sorted, itself excluded): importing an item through a
    /// module that re-exports it still names that module.
    pub fn named_by(&self, rel: &str) -> Vec<String> {
        let file = &self.files[rel];
        let mut out = BTreeSet::new();
        for path in paths(&file.code) {
            if let Some(target) = self.resolve_within(file, &path, 0).filter(|t| t != rel) {
                out.insert(target);
            }
        }
        out.into_iter().collect()
    }

    /// The file that defines what `path` names, from inside `file`: the
    /// deepest module it names, or, for an item that module re-exports, the
    /// file the re-export leads to.
    fn resolve(&self, file: &File, path: &[String]) -> Option<String> {
        self.resolve_within(file, path, 8)
    }

    fn resolve_within(&self, file: &File, path: &[String], hops: u8) -> Option<String> {
        let here = &file.module;
        let (mut cur, rest) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (here.clone(), &path[1..]),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                (
                    here[..here.len().saturating_sub(ups)].to_vec(),
                    &path[ups..],
                )
            }
            first => {
                let mut child = here.clone();
                child.push(first.to_string());
                self.modules.get(&child)?;
                (here.clone(), path)
            }
        };
        let mut item = None;
        for seg in rest {
            let mut next = cur.clone();
            next.push(seg.clone());
            if !self.modules.contains_key(&next) {
                item = Some(seg);
                break;
            }
            cur = next;
        }
        let target = self.modules.get(&cur)?;
        let owner = &self.files[target];
        match item.and_then(|name| owner.reexports.get(name)) {
            Some(via) if hops > 0 => self
                .resolve_within(owner, via, hops - 1)
                .or(Some(target.clone())),
            _ => Some(target.clone()),
        }
    }
}

/// Import loops: each strongly connected set of two or more files, sorted.
pub fn cycles(tree: &Tree) -> Vec<Vec<String>> {
    let graph: BTreeMap<String, Vec<String>> = tree
        .files
        .keys()
        .map(|f| (f.clone(), tree.edges_of(f)))
        .collect();
    let mut sccs = Tarjan::run(&graph);
    sccs.retain(|c| c.len() > 1);
    sccs.iter_mut().for_each(|c| c.sort());
    sccs.sort();
    sccs
}

/// One loop per line, with one import that closes it for each file.
pub fn show_cycles(loops: &[Vec<String>]) -> String {
    loops
        .iter()
        .map(|c| format!("  {}", c.join(" <-> ")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// String literals that hold SQL, outside `store/`.
pub fn sql_outside_store(tree: &Tree) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, file) in tree.files.iter().filter(|(r, _)| !r.starts_with("store/")) {
        for s in &file.strings {
            if SQL
                .iter()
                .any(|k| s.trim_start().starts_with(k) || s.contains(&format!("\n{k}")))
            {
                out.push(format!(
                    "{rel}: {:?}",
                    s.chars().take(60).collect::<String>()
                ));
            }
        }
    }
    out
}

/// Names in the engine crate (`tree` is crates/go/src) that reach I/O or the
/// clock. Other crates it cannot name: its Cargo.toml has thiserror alone.
pub fn impure_engine(tree: &Tree) -> Vec<String> {
    naming(tree, IMPURE)
}

/// What the clocks must never name: I/O, threads, the database, mail, and
/// the system's clock (every instant is an argument; chrono's types are
/// theirs to use).
const IMPURE_CLOCK: &[&str] = &[
    "std::fs",
    "std::io",
    "std::net",
    "std::env",
    "std::process",
    "std::thread",
    "std::time",
    "SystemTime",
    "Instant",
    "Utc::now",
    "Local::now",
    "Local",
    "rusqlite",
    "lettre",
    "mail_parser",
];

/// Each `file: word` where crates/clock names I/O or the system's clock.
pub fn impure_clock(tree: &Tree) -> Vec<String> {
    naming(tree, IMPURE_CLOCK)
}

/// Each `file: word` of `words` that a file's code names.
fn naming(tree: &Tree, words: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, file) in &tree.files {
        for word in words.iter().filter(|w| contains_word(&file.code, w)) {
            out.push(format!("{rel}: {word}"));
        }
    }
    out
}

/// A function of the production code and its length.
#[derive(Debug, Clone)]
pub struct Function {
    pub file: String,
    pub name: String,
    /// Lines from `fn` to the closing brace, blank and comment lines not counted.
    pub lines: usize,
}

/// Every function with a body, in every file (test modules excluded).
pub fn functions(tree: &Tree) -> Vec<Function> {
    let mut out = Vec::new();
    for (rel, file) in &tree.files {
        let code = &file.code;
        for (at, _) in code.match_indices("fn ") {
            if code[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let name: String = code[at + 3..]
                .chars()
                .take_while(|c| is_ident(*c))
                .collect();
            let Some(body) = body_span(&code[at..]) else {
                continue;
            };
            let text = &code[at..at + body];
            let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
            out.push(Function {
                file: rel.clone(),
                name,
                lines,
            });
        }
    }
    out
}

/// The length of a function item up to its closing brace; `None` for a
/// declaration without a body (a trait method or a `fn` type).
fn body_span(s: &str) -> Option<usize> {
    let (mut depth, mut parens) = (0usize, 0i32);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => parens += 1,
            ')' | ']' => parens -= 1,
            ';' if depth == 0 && parens == 0 => return None,
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The median of the lengths (the lower middle for an even count).
pub fn median(lengths: &mut [usize]) -> usize {
    lengths.sort_unstable();
    lengths
        .get(lengths.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or(0)
}

/// Files that declare a `thread_local!`.
pub fn thread_locals(tree: &Tree) -> Vec<String> {
    tree.files
        .iter()
        .filter(|(_, f)| f.code.contains("thread_local!"))
        .map(|(r, _)| r.clone())
        .collect()
}

fn contains_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, std::path::PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, p));
        }
    }
}

/// `a/b.rs` and `a/b/mod.rs` are `[a, b]`; `lib.rs` is the root.
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The code of `text` with comments removed and literals blanked.
pub fn code_of(text: &str) -> String {
    strip(text).0
}

/// As [`code_of`], but each string literal keeps the characters of the
/// names and paths it holds (letters, digits, `_ - . /` and spaces), so a
/// literal naming a program can still be seen while no brace or quote in
/// it can confuse a scan of the code.
pub fn code_with_words(text: &str) -> String {
    let (code, strings) = strip(text);
    let mut out = String::with_capacity(code.len());
    let mut literals = strings.iter();
    let mut open = false;
    for c in code.chars() {
        out.push(c);
        if c != '"' {
            continue;
        }
        open = !open;
        if !open {
            continue;
        }
        if let Some(lit) = literals.next() {
            out.extend(
                lit.chars()
                    .filter(|c| c.is_alphanumeric() || " _-./".contains(*c)),
            );
        }
    }
    out
}

/// Removes comments; returns the code (literals blanked) and the literals.
fn strip(text: &str) -> (String, Vec<String>) {
    let b: Vec<char> = text.chars().collect();
    let (mut code, mut strings, mut i) = (String::new(), Vec::new(), 0);
    while i < b.len() {
        let next = b.get(i + 1).copied();
        if b[i] == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if b[i] == '/' && next == Some('*') {
            let end = skip_block_comment(&b, i);
            code.extend(b[i..end].iter().filter(|c| **c == '\n'));
            i = end;
        } else if let Some((end, lit)) = string_at(&b, i) {
            code.push('"');
            code.extend(lit.chars().filter(|c| *c == '\n'));
            code.push('"');
            strings.push(lit);
            i = end;
        } else if b[i] == '\'' {
            i = skip_char_literal(&b, i, &mut code);
        } else {
            code.push(b[i]);
            i += 1;
        }
    }
    (code, strings)
}

fn skip_block_comment(b: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < b.len() {
        if b[i] == '/' && b.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// A string literal (plain, byte, raw) starting at `i`: its end and its text.
fn string_at(b: &[char], i: usize) -> Option<(usize, String)> {
    let prev_ident = i > 0 && is_ident(b[i - 1]);
    let mut j = i;
    if b[j] == 'b' && !prev_ident {
        j += 1;
    }
    if b.get(j) == Some(&'r') && (j > i || !prev_ident) {
        let mut k = j + 1;
        let mut hashes = 0;
        while b.get(k) == Some(&'#') {
            hashes += 1;
            k += 1;
        }
        if b.get(k) != Some(&'"') {
            return None;
        }
        let close: Vec<char> = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let start = k + 1;
        let mut e = start;
        while e < b.len() && b[e..].iter().take(close.len()).ne(close.iter()) {
            e += 1;
        }
        return Some((e + close.len(), b[start..e.min(b.len())].iter().collect()));
    }
    if b.get(j) != Some(&'"') || (j == i && prev_ident) {
        return None;
    }
    let mut e = j + 1;
    let mut lit = String::new();
    while e < b.len() && b[e] != '"' {
        if b[e] == '\\' {
            e += 1;
        }
        if let Some(&c) = b.get(e) {
            lit.push(c);
        }
        e += 1;
    }
    Some((e + 1, lit))
}

/// Skips a char literal (`'x'`, `'\n'`) but keeps a lifetime (`'a`).
fn skip_char_literal(b: &[char], i: usize, code: &mut String) -> usize {
    if b.get(i + 1) == Some(&'\\') {
        let mut e = i + 2;
        while e < b.len() && b[e] != '\'' {
            e += 1;
        }
        return e + 1;
    }
    if b.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    code.push('\'');
    i + 1
}

/// Removes every `#[cfg(test)]` item (a module block or a single item).
fn without_test_modules(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = item_end(after);
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The end of the item starting at the attribute: its `;` or its closing brace.
fn item_end(s: &str) -> usize {
    let mut depth = 0;
    for (i, c) in s.char_indices().skip("#[cfg(test)]".len()) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            ';' if depth == 0 => return i + 1,
            _ => {}
        }
    }
    s.len()
}

/// Every path the code names: the expanded `use` trees, and `a::b::c` runs.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let body_start = at + 4;
        let end = rest[body_start..]
            .find(';')
            .map_or(rest.len(), |e| body_start + e);
        expand(&rest[body_start..end], &mut Vec::new(), &mut out);
        rest = &rest[end..];
    }
    out.extend(path_runs(code));
    out
}

/// The names a file re-exports with `pub use` (any visibility), and their paths.
fn reexports(code: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let head = rest[..at].trim_end();
        let public = head.ends_with("pub") || head.ends_with(')') && head.contains("pub(");
        let body_start = at + 4;
        let end = rest[body_start..]
            .find(';')
            .map_or(rest.len(), |e| body_start + e);
        if public {
            let mut named = Vec::new();
            expand_named(&rest[body_start..end], &mut Vec::new(), &mut named);
            out.extend(named);
        }
        rest = &rest[end..];
    }
    out
}

/// Like `expand`, keeping the name each path is bound to (its alias or last segment).
fn expand_named(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    let mut paths = Vec::new();
    let mut pieces = Vec::new();
    collect_leaves(tree, prefix, &mut pieces);
    for (path, alias) in pieces {
        let name = alias.or_else(|| path.last().cloned());
        if let Some(name) = name {
            paths.push((name, path));
        }
    }
    out.extend(paths);
}

fn collect_leaves(
    tree: &str,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let depth = prefix.len();
        prefix.extend(segments(&tree[..open]));
        for part in split_top(&tree[open + 1..tree.rfind('}').unwrap_or(tree.len())]) {
            collect_leaves(part, prefix, out);
        }
        prefix.truncate(depth);
    } else {
        let mut parts = tree.split(" as ");
        let mut full = prefix.clone();
        full.extend(segments(parts.next().unwrap_or("")));
        let alias = parts.next().map(|a| a.trim().to_string());
        if !full.is_empty() && full.last().is_some_and(|s| s != "*" && s != "self") {
            out.push((full, alias));
        }
    }
}

fn find_use(s: &str) -> Option<usize> {
    s.match_indices("use ").map(|(i, _)| i).find(|&i| {
        let before = s[..i].chars().next_back();
        !before.is_some_and(is_ident)
    })
}

/// Expands a `use` tree (`a::{b, c::d}`) into full paths.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = segments(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let depth = prefix.len();
        prefix.extend(head);
        for part in split_top(inner) {
            expand(part, prefix, out);
        }
        prefix.truncate(depth);
    } else {
        let name = tree.split(" as ").next().unwrap_or("");
        let mut full = prefix.clone();
        full.extend(segments(name));
        if full.last().is_some_and(|s| s == "*" || s == "self") {
            full.pop();
        }
        if !full.is_empty() {
            out.push(full);
        }
    }
}

fn segments(s: &str) -> Vec<String> {
    s.split("::")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// Splits at commas outside braces.
fn split_top(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// Runs of `ident::ident::...` in code, each as a path.
fn path_runs(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if is_ident(chars[i]) && (i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            let (run, end) = read_run(&chars, i);
            if run.len() > 1 && !in_visibility(&chars[..i]) {
                out.push(run);
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the code before a path ends in `pub(in `: the path names where
/// an item is visible, not something the file imports.
fn in_visibility(before: &[char]) -> bool {
    let tail: String = before[before.len().saturating_sub(8)..].iter().collect();
    tail.trim_end().ends_with("(in")
}

fn read_run(chars: &[char], mut i: usize) -> (Vec<String>, usize) {
    let mut run = Vec::new();
    loop {
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        run.push(chars[start..i].iter().collect());
        if chars.get(i) == Some(&':')
            && chars.get(i + 1) == Some(&':')
            && chars.get(i + 2).is_some_and(|c| is_ident(*c))
        {
            i += 2;
        } else {
            return (run, i);
        }
    }
}

/// Tarjan's strongly connected components.
struct Tarjan<'a> {
    graph: &'a BTreeMap<String, Vec<String>>,
    index: BTreeMap<&'a str, usize>,
    low: BTreeMap<&'a str, usize>,
    stack: Vec<&'a str>,
    on_stack: BTreeSet<&'a str>,
    out: Vec<Vec<String>>,
}

impl<'a> Tarjan<'a> {
    fn run(graph: &'a BTreeMap<String, Vec<String>>) -> Vec<Vec<String>> {
        let mut t = Tarjan {
            graph,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            out: Vec::new(),
        };
        for v in graph.keys() {
            if !t.index.contains_key(v.as_str()) {
                t.visit(v);
            }
        }
        t.out
    }

    fn visit(&mut self, v: &'a str) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        self.on_stack.insert(v);
        for w in self.graph.get(v).into_iter().flatten() {
            if !self.index.contains_key(w.as_str()) {
                self.visit(w);
                let lw = self.low[w.as_str()];
                self.low.entry(v).and_modify(|l| *l = (*l).min(lw));
            } else if self.on_stack.contains(w.as_str()) {
                let iw = self.index[w.as_str()];
                self.low.entry(v).and_modify(|l| *l = (*l).min(iw));
            }
        }
        if self.low[v] == self.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack.remove(w);
                scc.push(w.to_string());
                if w == v {
                    break;
                }
            }
            self.out.push(scc);
        }
    }
}
