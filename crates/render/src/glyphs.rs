//! The coordinate labels' letters and digits, drawn as strokes: resvg is
//! built without text support (no font stack), so a label is paths.
//!
//! Owns the glyphs: each is SVG path data (absolute `M L H V C Z` only) in
//! a box 6 units wide and 10 high (y down), meant to be stroked with round
//! caps and joins; their outlines placed on the picture ([`placed`]), and
//! the width of a label's glyphs side by side ([`label_width`]).

/// The glyph box's width, in glyph units.
pub(crate) const WIDTH: f32 = 6.0;
/// The glyph box's height, in glyph units.
pub(crate) const HEIGHT: f32 = 10.0;
/// The gap between two glyphs of one label, in glyph units.
pub(crate) const GAP: f32 = 2.0;

/// Returns the path data of `c` (a column letter, `I` excluded, or a
/// digit), or `None` for any other character.
pub(crate) fn path(c: char) -> Option<&'static str> {
    Some(match c {
        '0'..='9' => DIGITS[c as usize - '0' as usize],
        'A'..='Z' if c != 'I' => LETTERS[c as usize - 'A' as usize],
        _ => return None,
    })
}

/// One piece of a glyph's outline, in absolute coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Seg {
    /// Start a stroke at (x, y).
    Move(f32, f32),
    /// A straight line to (x, y).
    Line(f32, f32),
    /// A cubic curve through two control points to (x, y).
    Cubic(f32, f32, f32, f32, f32, f32),
    /// Back to the stroke's start.
    Close,
}

/// The outline of glyph `c` with its top-left corner at (`x`, `y`) pixels,
/// `scale` pixels to the glyph unit; empty for a character without a glyph.
/// The glyphs are written with absolute `M L H V C Z` commands only.
pub(crate) fn placed(c: char, x: f32, y: f32, scale: f32) -> Vec<Seg> {
    let Some(d) = path(c) else { return Vec::new() };
    let (px, py) = (|v: f32| x + v * scale, |v: f32| y + v * scale);
    let mut segs = Vec::new();
    let mut at = (0.0, 0.0);
    let mut tokens = Tokens(d);
    let mut command = 'M';
    let mut args: Vec<f32> = Vec::with_capacity(6);
    while let Some(token) = tokens.next_token() {
        match token {
            Token::Command('Z') => segs.push(Seg::Close),
            Token::Command(c) => command = c,
            Token::Number(v) => args.push(v),
        }
        let seg = match (command, args.as_slice()) {
            ('M', &[a, b]) => Seg::Move(px(a), py(b)),
            ('L', &[a, b]) => Seg::Line(px(a), py(b)),
            ('H', &[a]) => Seg::Line(px(a), at.1),
            ('V', &[b]) => Seg::Line(at.0, py(b)),
            ('C', &[a, b, c, d, e, f]) => Seg::Cubic(px(a), py(b), px(c), py(d), px(e), py(f)),
            _ => continue,
        };
        args.clear();
        at = match seg {
            Seg::Move(x, y) | Seg::Line(x, y) | Seg::Cubic(.., x, y) => (x, y),
            Seg::Close => at,
        };
        segs.push(seg);
    }
    segs
}

enum Token {
    Command(char),
    Number(f32),
}

/// The commands and numbers of path data written as the glyphs are.
struct Tokens<'a>(&'a str);

impl Tokens<'_> {
    fn next_token(&mut self) -> Option<Token> {
        let s = self.0.trim_start_matches([' ', ',']);
        let c = s.chars().next()?;
        if c.is_ascii_alphabetic() {
            self.0 = &s[1..];
            return Some(Token::Command(c));
        }
        let end = s
            .char_indices()
            .skip(1)
            .find(|&(_, ch)| !(ch.is_ascii_digit() || ch == '.'))
            .map_or(s.len(), |(i, _)| i);
        self.0 = &s[end..];
        Some(Token::Number(s[..end].parse().unwrap_or(0.0)))
    }
}

/// The width of a label of `chars` glyphs, in glyph units.
pub(crate) fn label_width(chars: usize) -> f32 {
    match chars {
        0 => 0.0,
        n => n as f32 * WIDTH + (n - 1) as f32 * GAP,
    }
}

const DIGITS: [&str; 10] = [
    "M0 3C0 1.34 1.34 0 3 0C4.66 0 6 1.34 6 3V7C6 8.66 4.66 10 3 10C1.34 10 0 8.66 0 7Z",
    "M1 2.2L3.6 0V10M1.2 10H6",
    "M0.2 2.6C0.2 1 1.5 0 3 0C4.6 0 5.8 1.1 5.8 2.7C5.8 5.2 0 7 0 10H6",
    "M0.3 1.2C0.9 0.4 1.9 0 3 0C4.7 0 5.7 1 5.7 2.4C5.7 3.9 4.5 4.7 2.4 4.7C4.8 4.7 6 5.7 \
     6 7.3C6 9 4.7 10 3 10C1.7 10 0.7 9.6 0 8.7",
    "M4.6 10V0L0 7H6",
    "M5.6 0H0.8L0.3 4.6C1 4 2 3.7 3 3.7C4.8 3.7 6 5 6 6.8C6 8.7 4.7 10 3 10C1.8 10 0.7 9.5 0 8.5",
    "M5.4 0.9C4.8 0.3 3.9 0 3 0C1 0 0 2 0 5.5C0 8.5 1.2 10 3 10C4.8 10 6 8.8 6 7C6 5.2 4.8 \
     4 3 4C1.5 4 0.4 4.8 0 6",
    "M0 0H6L2.2 10",
    "M3 4.6C1.3 4.6 0.4 3.7 0.4 2.3C0.4 0.9 1.5 0 3 0C4.5 0 5.6 0.9 5.6 2.3C5.6 3.7 4.7 4.6 \
     3 4.6C1.2 4.6 0 5.6 0 7.3C0 9 1.3 10 3 10C4.7 10 6 9 6 7.3C6 5.6 4.8 4.6 3 4.6Z",
    "M0.6 9.1C1.2 9.7 2.1 10 3 10C5 10 6 8 6 4.5C6 1.5 4.8 0 3 0C1.2 0 0 1.2 0 3C0 4.8 1.2 6 \
     3 6C4.5 6 5.6 5.2 6 4",
];

const LETTERS: [&str; 26] = [
    "M0 10L3 0L6 10M1.1 6.6H4.9",
    "M0 0H3.2C4.58 0 5.7 1.12 5.7 2.5C5.7 3.88 4.58 5 3.2 5H0ZM3.2 5H3.5C4.88 5 6 6.12 6 7.5C6 8.88 \
     4.88 10 3.5 10H0V5",
    "M5.7 1.3C5.1 0.5 4.1 0 3 0C1.34 0 0 1.34 0 3V7C0 8.66 1.34 10 3 10C4.1 10 5.1 9.5 5.7 8.7",
    "M0 0V10H2.5C4.43 10 6 7.76 6 5C6 2.24 4.43 0 2.5 0Z",
    "M6 0H0V10H6M0 5H4.5",
    "M6 0H0V10M0 5H4.5",
    "M5.7 1.3C5.1 0.5 4.1 0 3 0C1.34 0 0 1.34 0 3V7C0 8.66 1.34 10 3 10C4.66 10 6 8.66 6 7V5.5H3.5",
    "M0 0V10M6 0V10M0 5H6",
    "",
    "M4.6 0V7.5C4.6 8.88 3.57 10 2.3 10C1.03 10 0 8.88 0 7.5",
    "M0 0V10M6 0L0 6.5M2.2 4.4L6 10",
    "M0 0V10H6",
    "M0 10V0L3 6.5L6 0V10",
    "M0 10V0L6 10V0",
    "M0 3C0 1.34 1.34 0 3 0C4.66 0 6 1.34 6 3V7C6 8.66 4.66 10 3 10C1.34 10 0 8.66 0 7Z",
    "M0 10V0H3.3C4.82 0 6 1.2 6 2.75C6 4.3 4.82 5.5 3.3 5.5H0",
    "M0 3C0 1.34 1.34 0 3 0C4.66 0 6 1.34 6 3V7C6 8.66 4.66 10 3 10C1.34 10 0 8.66 0 7ZM3.6 7.2L6.2 \
     10.2",
    "M0 10V0H3.3C4.72 0 5.8 1.1 5.8 2.5C5.8 3.9 4.72 5 3.3 5H0M3 5L6 10",
    "M5.7 1.5C5 0.5 4.1 0 3 0C1.3 0 0.2 1 0.2 2.5C0.2 5.6 5.8 4.3 5.8 7.5C5.8 9 4.7 10 3 10C1.8 \
     10 0.7 9.5 0 8.4",
    "M0 0H6M3 0V10",
    "M0 0V7C0 8.66 1.34 10 3 10C4.66 10 6 8.66 6 7V0",
    "M0 0L3 10L6 0",
    "M0 0L1.5 10L3 3.5L4.5 10L6 0",
    "M0 0L6 10M6 0L0 10",
    "M0 0L3 5L6 0M3 5V10",
    "M0 0H6L0 10H6",
];

#[cfg(test)]
mod tests {
    use super::*;
    use pbmgo_go::coords::COLUMNS;

    #[test]
    fn every_label_character_has_a_glyph() {
        for &c in COLUMNS {
            assert!(path(c as char).is_some_and(|p| !p.is_empty()), "{c}");
        }
        for d in '0'..='9' {
            assert!(path(d).is_some(), "{d}");
        }
        assert_eq!(path('I'), None);
        assert_eq!(path('a'), None);
    }

    #[test]
    fn a_placed_glyph_is_moved_and_scaled() {
        let l = placed('L', 10.0, 20.0, 2.0);
        assert_eq!(
            l,
            [
                Seg::Move(10.0, 20.0),
                Seg::Line(10.0, 40.0),
                Seg::Line(22.0, 40.0)
            ]
        );
        let d = placed('D', 0.0, 0.0, 0.5);
        assert_eq!(d[3], Seg::Cubic(2.215, 5.0, 3.0, 3.88, 3.0, 2.5));
        assert_eq!(d.last(), Some(&Seg::Close));
        assert!(placed('I', 0.0, 0.0, 1.0).is_empty());
    }

    #[test]
    fn glyphs_use_only_absolute_lines_and_cubics() {
        for d in DIGITS.iter().chain(LETTERS.iter()) {
            assert!(
                d.chars()
                    .all(|c| !c.is_ascii_alphabetic() || "MLHVCZ".contains(c)),
                "{d}"
            );
        }
    }

    #[test]
    fn labels_are_laid_out_side_by_side() {
        assert_eq!(label_width(0), 0.0);
        assert_eq!(label_width(1), WIDTH);
        assert_eq!(label_width(2), 2.0 * WIDTH + GAP);
    }
}
