//! The SGF grammar: tokens and the tree of nodes of the first game tree.
//!
//! Owns: finding the start of the game (`(;`), tokenising property
//! identifiers, raw values and delimiters, and building the tree of nodes
//! with their raw (unescaped) property values. Nothing here knows about Go.
//! Mirrors sgfmill's `sgf_grammar` so that both accept the same records.

use super::error::SgfError;

/// Longest property identifier read as one token (as in sgfmill).
const MAX_IDENT: usize = 64;

/// One property of a node: identifier (upper-case letters only) and raw values.
#[derive(Debug)]
pub(super) struct Prop<'a> {
    pub(crate) ident: Vec<u8>,
    pub(crate) values: Vec<&'a [u8]>,
}

/// A node: its properties, each identifier once.
#[derive(Debug, Default)]
pub(super) struct Node<'a> {
    pub(crate) props: Vec<Prop<'a>>,
}

impl<'a> Node<'a> {
    /// Returns the raw values of `ident`, if the node has that property.
    pub(crate) fn get(&self, ident: &str) -> Option<&[&'a [u8]]> {
        let p = self.props.iter().find(|p| p.ident == ident.as_bytes())?;
        Some(&p.values)
    }

    /// Returns the first raw value of `ident`.
    pub(crate) fn first(&self, ident: &str) -> Option<&'a [u8]> {
        self.get(ident)?.first().copied()
    }

    fn add(&mut self, ident: Vec<u8>, values: Vec<&'a [u8]>) {
        match self.props.iter_mut().find(|p| p.ident == ident) {
            Some(p) => p.values.extend(values),
            None => self.props.push(Prop { ident, values }),
        }
    }
}

/// A game tree: a sequence of nodes followed by variations (arena indices).
#[derive(Debug, Default)]
struct Tree<'a> {
    sequence: Vec<Node<'a>>,
    children: Vec<usize>,
}

/// The first game tree of the input, as an arena; tree 0 is the outermost.
#[derive(Debug)]
pub(super) struct GameTree<'a> {
    trees: Vec<Tree<'a>>,
}

impl<'a> GameTree<'a> {
    /// Returns the main line: every node, taking the first variation each time.
    pub(crate) fn main_line(&self) -> Vec<&Node<'a>> {
        let mut out = Vec::new();
        let mut tree = self.trees.first();
        while let Some(t) = tree {
            out.extend(t.sequence.iter());
            tree = t.children.first().and_then(|&i| self.trees.get(i));
        }
        out
    }
}

#[derive(Debug)]
enum Tok<'a> {
    Value(&'a [u8]),
    Ident(Vec<u8>),
    Open,
    Close,
    Semi,
}

/// The tokeniser: stops at the end of the first game tree or at junk.
struct Lexer<'a> {
    input: &'a [u8],
    pos: usize,
    depth: usize,
    done: bool,
    peeked: Option<(usize, Tok<'a>)>,
}

/// Whitespace as in Python's bytes regex `\s`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Returns the offset of the first `(` followed by optional whitespace and `;`.
fn find_start(input: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(rel) = input.get(i..)?.iter().position(|&b| b == b'(') {
        let open = i + rel;
        let mut j = open + 1;
        while input.get(j).is_some_and(|&b| is_space(b)) {
            j += 1;
        }
        if input.get(j) == Some(&b';') {
            return Some(open);
        }
        i = j.max(open + 1);
    }
    None
}

impl<'a> Lexer<'a> {
    fn new(input: &'a [u8], start: usize) -> Self {
        Lexer {
            input,
            pos: start,
            depth: 0,
            done: false,
            peeked: None,
        }
    }

    fn peek(&mut self) -> Option<&(usize, Tok<'a>)> {
        if self.peeked.is_none() {
            self.peeked = self.scan();
        }
        self.peeked.as_ref()
    }

    fn next(&mut self) -> Option<(usize, Tok<'a>)> {
        self.peeked.take().or_else(|| self.scan())
    }

    /// Why the tokens ran out: junk in the input or its end.
    fn stop_reason(&self) -> &'static str {
        if self.pos < self.input.len() {
            "unexpected character (or unterminated value)"
        } else {
            "unexpected end of sgf data"
        }
    }

    fn scan(&mut self) -> Option<(usize, Tok<'a>)> {
        if self.done {
            return None;
        }
        while self.input.get(self.pos).is_some_and(|&b| is_space(b)) {
            self.pos += 1;
        }
        let at = self.pos;
        let tok = self.token_at(at);
        if tok.is_none() {
            self.done = true;
        }
        tok.map(|t| (at, t))
    }

    fn token_at(&mut self, at: usize) -> Option<Tok<'a>> {
        let b = *self.input.get(at)?;
        match b {
            b'[' => self.value(at + 1),
            b';' => self.delimiter(at, Tok::Semi),
            b'(' => {
                self.depth += 1;
                self.delimiter(at, Tok::Open)
            }
            b')' => {
                self.depth = self.depth.saturating_sub(1);
                self.done = self.depth == 0;
                self.delimiter(at, Tok::Close)
            }
            b if b.is_ascii_alphabetic() => Some(self.ident(at)),
            _ => None,
        }
    }

    fn delimiter(&mut self, at: usize, tok: Tok<'a>) -> Option<Tok<'a>> {
        self.pos = at + 1;
        Some(tok)
    }

    fn value(&mut self, start: usize) -> Option<Tok<'a>> {
        let mut i = start;
        loop {
            match *self.input.get(i)? {
                b'\\' => i += 2,
                b']' => break,
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        Some(Tok::Value(self.input.get(start..i)?))
    }

    fn ident(&mut self, at: usize) -> Tok<'a> {
        let rest = self.input.get(at..).unwrap_or_default();
        let len = rest
            .iter()
            .take(MAX_IDENT)
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        self.pos = at + len;
        let upper = rest
            .iter()
            .take(len)
            .filter(|b| b.is_ascii_uppercase())
            .copied();
        Tok::Ident(upper.collect())
    }
}

/// Parser state, as in sgfmill's `_parse_sgf_game`.
struct Parser<'a> {
    lexer: Lexer<'a>,
    trees: Vec<Tree<'a>>,
    stack: Vec<Option<usize>>,
    current: Option<usize>,
    sequence: Option<Vec<Node<'a>>>,
    node_open: bool,
}

fn syntax(offset: usize, reason: &'static str) -> SgfError {
    SgfError::Syntax { offset, reason }
}

/// Parses the first game tree of `input`, ignoring junk around it.
pub(super) fn parse_game_tree(input: &[u8]) -> Result<GameTree<'_>, SgfError> {
    let start = find_start(input).ok_or(SgfError::NoGameTree)?;
    let mut p = Parser {
        lexer: Lexer::new(input, start),
        trees: Vec::new(),
        stack: Vec::new(),
        current: None,
        sequence: None,
        node_open: false,
    };
    p.run()?;
    Ok(GameTree { trees: p.trees })
}

impl<'a> Parser<'a> {
    fn run(&mut self) -> Result<(), SgfError> {
        loop {
            let Some((at, tok)) = self.lexer.next() else {
                return Err(syntax(self.lexer.pos, self.lexer.stop_reason()));
            };
            match tok {
                Tok::Value(_) => return Err(syntax(at, "unexpected value")),
                Tok::Semi => self.node(at)?,
                Tok::Open => self.open(at)?,
                Tok::Close => {
                    if self.close(at)? {
                        return Ok(());
                    }
                }
                Tok::Ident(ident) => self.property(at, ident)?,
            }
        }
    }

    fn node(&mut self, at: usize) -> Result<(), SgfError> {
        let seq = self
            .sequence
            .as_mut()
            .ok_or(syntax(at, "unexpected node"))?;
        seq.push(Node::default());
        self.node_open = true;
        Ok(())
    }

    /// Ends the current sequence before a `(` or `)`.
    fn end_sequence(&mut self, at: usize) -> Result<(), SgfError> {
        if let Some(seq) = self.sequence.take() {
            if seq.is_empty() {
                return Err(syntax(at, "empty sequence"));
            }
            if let Some(tree) = self.current.and_then(|i| self.trees.get_mut(i)) {
                tree.sequence = seq;
            }
        }
        self.node_open = false;
        Ok(())
    }

    fn open(&mut self, at: usize) -> Result<(), SgfError> {
        self.end_sequence(at)?;
        self.stack.push(self.current);
        self.trees.push(Tree::default());
        self.current = Some(self.trees.len() - 1);
        self.sequence = Some(Vec::new());
        Ok(())
    }

    /// Closes a tree; returns true when the outermost one is closed.
    fn close(&mut self, at: usize) -> Result<bool, SgfError> {
        self.end_sequence(at)?;
        let variation = self.current;
        self.current = self.stack.pop().flatten();
        let Some(parent) = self.current.and_then(|i| self.trees.get_mut(i)) else {
            return Ok(true);
        };
        parent.children.extend(variation);
        Ok(false)
    }

    fn property(&mut self, at: usize, ident: Vec<u8>) -> Result<(), SgfError> {
        let mut values = Vec::new();
        loop {
            match self.lexer.peek() {
                None => return Err(syntax(self.lexer.pos, self.lexer.stop_reason())),
                Some((_, Tok::Value(v))) => values.push(*v),
                Some(_) => break,
            }
            self.lexer.next();
        }
        if values.is_empty() {
            return Err(syntax(at, "property with no values"));
        }
        let node = self
            .sequence
            .as_mut()
            .and_then(|s| s.last_mut())
            .filter(|_| self.node_open);
        let node = node.ok_or(syntax(at, "property value outside a node"))?;
        node.add(ident, values);
        Ok(())
    }
}
