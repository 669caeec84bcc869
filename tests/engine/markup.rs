//! Reading the shared SGF corpus for the scoring tests: the files in
//! order, and the territory markup (`TB`, `TW`) of a record as points.

use std::path::{Path, PathBuf};

use pbmgo::go::Point;

pub(super) fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sgf-corpus")
}

pub(super) fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

/// Returns every point of the `ident` properties (`TB`, `TW`) in `raw`,
/// with compressed `[aa:cc]` rectangles expanded.
pub(super) fn markup(raw: &str, ident: &str, size: u8) -> Vec<Point> {
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = raw[i..].find(ident) {
        let start = i + at;
        i = start + ident.len();
        let before = start.checked_sub(1).map(|j| bytes[j]);
        if before.is_some_and(|b| b.is_ascii_uppercase()) {
            continue;
        }
        let mut j = i;
        loop {
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= bytes.len() || bytes[j] != b'[' {
                break;
            }
            let Some(end) = raw[j..].find(']') else { break };
            let value = &raw[j + 1..j + end];
            out.extend(points(value, size));
            j += end + 1;
        }
        i = j;
    }
    out
}

fn points(value: &str, size: u8) -> Vec<Point> {
    let one = |s: &str| -> Option<(u8, u8)> {
        let b = s.as_bytes();
        (b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_lowercase())
            .then(|| (b[0] - b'a', b[1] - b'a'))
            .filter(|(x, y)| *x < size && *y < size)
    };
    let (a, b) = match value.split_once(':') {
        Some((a, b)) => (one(a), one(b)),
        None => (one(value), one(value)),
    };
    let (Some((x1, y1)), Some((x2, y2))) = (a, b) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for x in x1.min(x2)..=x1.max(x2) {
        for y in y1.min(y2)..=y1.max(y2) {
            out.push(Point::new(x, size - 1 - y));
        }
    }
    out
}
