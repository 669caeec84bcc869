//! Reads the signatures of the functions of a source tree (as
//! [`source::Tree`] holds it: comments, strings and test modules removed)
//! for the rule that ids are typed: a parameter named like an id (`id`,
//! `game`, `player`, `about`, `*_id`, `*_game` ...) must not be a raw `i64`, nor may
//! a function named like one return a raw `i64`.

use super::source::Tree;

/// Parameter and function names that hold a row id.
const ID_NAMES: &[&str] = &[
    "id", "ids", "game", "games", "player", "players", "about", "sender", "opponent", "me",
];

/// True when `name` reads as an id: its last word (after `_`) is one of
/// [`ID_NAMES`], as in `game`, `inbound_id`, `header_game`.
pub fn id_like(name: &str) -> bool {
    name.rsplit('_')
        .next()
        .is_some_and(|w| ID_NAMES.contains(&w))
}

/// A function's signature: its name, its parameters (`name`, type) and
/// its return type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub name: String,
    pub params: Vec<(String, String)>,
    pub returns: String,
}

/// Every function signature in `code`.
pub fn signatures(code: &str) -> Vec<Signature> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        if let Some(sig) = signature(&code[at + 3..]) {
            out.push(sig);
        }
    }
    out
}

/// The signature after `fn `: the name, the generics skipped, the
/// parameters up to the matching `)`, then `-> T` up to `{`, `;` or `where`.
fn signature(s: &str) -> Option<Signature> {
    let name: String = s.chars().take_while(|c| is_ident(*c)).collect();
    if name.is_empty() {
        return None;
    }
    let open = s.find('(')?;
    let close = open + matching(&s[open..])?;
    let params = split_top(&s[open + 1..close])
        .into_iter()
        .filter_map(|p| {
            let (pat, ty) = p.split_once(':')?;
            let pat = pat.trim().trim_start_matches("mut ").trim();
            Some((pat.to_string(), ty.trim().to_string()))
        })
        .collect();
    let rest = &s[close + 1..];
    let end = [rest.find('{'), rest.find(';'), rest.find(" where ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(rest.len());
    let returns = rest[..end]
        .trim()
        .strip_prefix("->")
        .unwrap_or("")
        .trim()
        .to_string();
    Some(Signature {
        name,
        params,
        returns,
    })
}

/// The offset of the `)` that closes the `(` at the start of `s`.
fn matching(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `s` split at the commas outside brackets (`<>`, `()`, `[]`); an arrow
/// `->` is no bracket.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0usize, Vec::new());
    let bytes = s.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// True when `ty` names `i64` itself (`i64`, `Option<i64>`, `&[i64]`), not
/// as part of a longer name.
fn raw_i64(ty: &str) -> bool {
    ty.match_indices("i64").any(|(i, _)| {
        let before = ty[..i].chars().next_back();
        let after = ty[i + 3..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Functions in the files under `dir` (such as `pipeline/`) that take a
/// raw `i64` named like an id, or are named like one and return one.
pub fn raw_ids(tree: &Tree, dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, file) in tree.files.iter().filter(|(r, _)| r.starts_with(dir)) {
        for sig in signatures(&file.code) {
            for (name, ty) in &sig.params {
                if id_like(name) && raw_i64(ty) {
                    out.push(format!("{rel}: fn {} takes {name}: {ty}", sig.name));
                }
            }
            if id_like(&sig.name) && raw_i64(&sig.returns) {
                out.push(format!("{rel}: fn {} returns {}", sig.name, sig.returns));
            }
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}
