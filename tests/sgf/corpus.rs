//! The SGF reader against the real corpus (`../shared/sgf-corpus`) and against
//! sgfmill, the parser behind the reference checker `ko_reference.py`.
//!
//! `corpus_parse_counts` reads every record with `pbmgo::go::sgf::parse_sgf`
//! and checks which ones are refused. `corpus_matches_sgfmill` runs
//! `tests/oracle/ko_oracle.py` (Python 3 + sgfmill) over the corpus and
//! compares, file by file, the main line our reader gives (board size, start
//! position, setup restarts with their boards, colours and points of the
//! moves) with what the checker's `load_sgf` and `replay_moves` saw.
//! Captures are replayed here only to follow the board into later setups.
//!
//! The corpus and the checker are in `../shared`, beside the checkout, not in
//! the repository: those two tests are `#[ignore]`d with the reason, and
//! `.ci/run` runs them (`--include-ignored`), failing when they are missing.

use std::collections::BTreeMap;

use pbmgo::go::sgf::{SgfError, SgfGame, parse_sgf};
use pbmgo::go::{BoardSize, Color, Point};
use serde::Deserialize;

use crate::common::oracle;

/// The records sgfmill refuses, and so do we:
/// - `owl42.sgf` never closes its game tree (the final `)` is missing):
///   sgfmill says "unexpected end of SGF data", we give a syntax error;
/// - `pending/nightmare.sgf` is an empty file: "no SGF data found", for us
///   `NoGameTree`.
const REFUSED: [&str; 2] = [
    "gnugo-regression-games/owl42.sgf",
    "gnugo-regression-games/pending/nightmare.sgf",
];

/// Every `.sgf` file of the corpus as (path relative to it with `/`, bytes).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let root = oracle::corpus_dir();
    let mut files: Vec<(String, Vec<u8>)> = oracle::sgf_files(&root)
        .into_iter()
        .map(|(p, rel)| (rel.replace('\\', "/"), std::fs::read(p).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn corpus_parse_counts() {
    let files = corpus();
    let mut refused = Vec::new();
    for (name, bytes) in &files {
        if let Err(e) = parse_sgf(bytes) {
            refused.push((name.as_str(), e));
        }
    }
    println!(
        "{} files: {} parse, {} refused",
        files.len(),
        files.len() - refused.len(),
        refused.len()
    );
    let names: Vec<&str> = refused.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, REFUSED, "refused: {refused:?}");
    assert!(
        matches!(refused[0].1, SgfError::Syntax { .. }),
        "{}",
        refused[0].1
    );
    assert_eq!(refused[1].1, SgfError::NoGameTree);
    assert!(files.len() >= 2653, "corpus has only {} files", files.len());
}

/// One file as the oracle reports it.
#[derive(Debug, Deserialize)]
struct OracleFile {
    file: String,
    error: Option<String>,
    size: Option<u8>,
    start: Option<Vec<String>>,
    #[serde(default)]
    moves: Vec<OracleItem>,
}

/// A setup restart or a move, as the oracle reports it.
#[derive(Debug, Deserialize)]
struct OracleItem {
    setup: Option<Vec<String>>,
    color: Option<String>,
    point: Option<String>,
    #[serde(default)]
    occupied: bool,
}

/// What both sides are compared on: setup boards and moves.
#[derive(Debug, PartialEq)]
enum Item {
    Setup(Vec<String>),
    Play {
        color: String,
        point: String,
        occupied: bool,
    },
}

impl From<&OracleItem> for Item {
    fn from(o: &OracleItem) -> Item {
        match (&o.setup, &o.color, &o.point) {
            (Some(rows), _, _) => Item::Setup(rows.clone()),
            (None, Some(c), Some(p)) => Item::Play {
                color: c.clone(),
                point: p.clone(),
                occupied: o.occupied,
            },
            _ => panic!("malformed oracle entry {o:?}"),
        }
    }
}

#[test]
#[ignore = "needs ../shared/sgf-corpus and ../shared/tools/ko_reference.py beside the checkout and python3 with sgfmill (pip install sgfmill): run with --include-ignored there"]
fn corpus_matches_sgfmill() {
    let json = oracle::corpus_bytes();
    let oracle: Vec<OracleFile> =
        serde_json::from_slice(&json).expect("oracle output is not the expected json");
    let oracle: BTreeMap<&str, &OracleFile> = oracle.iter().map(|o| (o.file.as_str(), o)).collect();
    let files = corpus();
    let mut problems = Vec::new();
    for (name, bytes) in &files {
        match oracle.get(name.as_str()) {
            Some(o) => {
                problems.extend(compare(o, parse_sgf(bytes)).map(|p| format!("{name}: {p}")))
            }
            None => problems.push(format!("{name}: missing from the oracle")),
        }
    }
    if oracle.len() != files.len() {
        problems.push(format!(
            "oracle has {} files, the corpus {}",
            oracle.len(),
            files.len()
        ));
    }
    println!(
        "compared {} files ({} setups and moves) with sgfmill, {} differ",
        files.len(),
        oracle.values().map(|o| o.moves.len()).sum::<usize>(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{} differences:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn comparison_notices_differences() {
    let game = || parse_sgf(b"(;SZ[3]AB[aa];W[bb];B[];AE[aa]W[cc])");
    let item = |c: &str, p: &str| OracleItem {
        setup: None,
        color: Some(c.into()),
        point: Some(p.into()),
        occupied: false,
    };
    let setup = |rows: &[&str]| OracleItem {
        setup: Some(rows.iter().map(|r| r.to_string()).collect()),
        color: None,
        point: None,
        occupied: false,
    };
    let mut o = OracleFile {
        file: "x.sgf".into(),
        error: None,
        size: Some(3),
        start: Some(vec!["X..".into(), "...".into(), "...".into()]),
        moves: vec![
            item("W", "B2"),
            item("B", "pass"),
            setup(&["...", ".O.", "..."]),
            item("W", "C1"),
        ],
    };
    assert_eq!(compare(&o, game()), None);
    o.moves[3] = item("W", "C2");
    assert!(compare(&o, game()).unwrap().contains("item 3"));
    o.moves[2] = setup(&["...", "...", "..."]);
    assert!(compare(&o, game()).unwrap().contains("item 2"));
    o.moves.pop();
    assert!(compare(&o, game()).is_some());
    o.error = Some("ValueError".into());
    assert!(compare(&o, game()).unwrap().contains("we accept it"));
}

/// Returns what differs between the oracle's view of a file and ours.
fn compare(o: &OracleFile, ours: Result<SgfGame, SgfError>) -> Option<String> {
    let game = match (&o.error, ours) {
        (Some(_), Err(_)) => return None,
        (Some(e), Ok(_)) => return Some(format!("sgfmill refuses it ({e}), we accept it")),
        (None, Err(e)) => return Some(format!("sgfmill accepts it, we refuse it: {e}")),
        (None, Ok(g)) => g,
    };
    if o.size != Some(game.size.get()) {
        return Some(format!("size {:?} vs ours {}", o.size, game.size));
    }
    let (start, items) = main_line(&game);
    if o.start.as_ref() != Some(&start) {
        return Some(format!(
            "start position differs: {:?} vs ours {start:?}",
            o.start
        ));
    }
    let theirs: Vec<Item> = o.moves.iter().map(Item::from).collect();
    first_difference(&theirs, &items)
}

fn first_difference(theirs: &[Item], ours: &[Item]) -> Option<String> {
    if let Some(i) = (0..theirs.len().min(ours.len())).find(|&i| theirs[i] != ours[i]) {
        return Some(format!("item {i}: {:?} vs ours {:?}", theirs[i], ours[i]));
    }
    (theirs.len() != ours.len()).then(|| format!("{} items vs ours {}", theirs.len(), ours.len()))
}

/// Our main line as load_sgf builds it: the start position (root setup), then
/// setup restarts (the board after a later node's setup) and moves, replayed
/// with captures and up to a play on an occupied point.
fn main_line(game: &SgfGame) -> (Vec<String>, Vec<Item>) {
    let mut board = Board::new(game.size);
    let mut start = None;
    let mut items = Vec::new();
    for (i, node) in game.nodes.iter().enumerate() {
        if let Some(s) = &node.setup {
            board.setup(&s.black, &s.white, &s.empty);
            if i > 0 {
                items.push(Item::Setup(board.rows()));
            }
        }
        start.get_or_insert_with(|| board.rows());
        let Some((color, mv)) = node.play else {
            continue;
        };
        let occupied = mv.point().is_some_and(|p| !board.play(color, p));
        items.push(Item::Play {
            color: color.letter().to_string(),
            point: mv.to_string(),
            occupied,
        });
        if occupied {
            break;
        }
    }
    (start.unwrap_or_else(|| board.rows()), items)
}

/// Just enough of a Go board to follow a record: stones, captures, suicide.
struct Board {
    size: BoardSize,
    cells: Vec<Option<Color>>,
}

impl Board {
    fn new(size: BoardSize) -> Board {
        Board {
            size,
            cells: vec![None; size.points()],
        }
    }

    fn setup(&mut self, black: &[Point], white: &[Point], empty: &[Point]) {
        for (points, value) in [
            (black, Some(Color::Black)),
            (white, Some(Color::White)),
            (empty, None),
        ] {
            for p in points {
                self.cells[p.index(self.size)] = value;
            }
        }
    }

    /// Plays a stone, removing captured strings (or its own string when it
    /// captures nothing and has no liberty); false when the point is taken.
    fn play(&mut self, color: Color, p: Point) -> bool {
        if self.cells[p.index(self.size)].is_some() {
            return false;
        }
        self.cells[p.index(self.size)] = Some(color);
        let mut captured = false;
        for q in self.neighbours(p) {
            if self.cells[q.index(self.size)] == Some(color.opponent()) {
                captured |= self.remove_if_dead(q);
            }
        }
        if !captured {
            self.remove_if_dead(p);
        }
        true
    }

    fn remove_if_dead(&mut self, p: Point) -> bool {
        let (stones, liberties) = self.string(p);
        if liberties {
            return false;
        }
        for q in stones {
            self.cells[q.index(self.size)] = None;
        }
        true
    }

    /// Returns the string at `p` and whether it has a liberty.
    fn string(&self, p: Point) -> (Vec<Point>, bool) {
        let color = self.cells[p.index(self.size)];
        let mut seen = vec![false; self.cells.len()];
        let (mut stack, mut stones, mut liberties) = (vec![p], Vec::new(), false);
        seen[p.index(self.size)] = true;
        while let Some(q) = stack.pop() {
            stones.push(q);
            for r in self.neighbours(q) {
                let cell = self.cells[r.index(self.size)];
                liberties |= cell.is_none();
                if cell == color && !std::mem::replace(&mut seen[r.index(self.size)], true) {
                    stack.push(r);
                }
            }
        }
        (stones, liberties)
    }

    fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let n = self.size.get() as i16;
        let (c, r) = (p.col as i16, p.row as i16);
        let steps = [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)];
        let on_board = move |&(c, r): &(i16, i16)| (0..n).contains(&c) && (0..n).contains(&r);
        steps
            .into_iter()
            .filter(on_board)
            .map(|(c, r)| Point::new(c as u8, r as u8))
    }

    /// Rows top first: `X` black, `O` white, `.` empty.
    fn rows(&self) -> Vec<String> {
        let n = self.size.get();
        let ch = |p: Point| match self.cells[p.index(self.size)] {
            Some(c) => c.stone_char(),
            None => '.',
        };
        (0..n)
            .rev()
            .map(|row| (0..n).map(|col| ch(Point::new(col, row))).collect())
            .collect()
    }
}
