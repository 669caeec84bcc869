//! [`Painter`]: makes the PNGs of many pictures, keeping what they share.
//!
//! Owns the reuse between pictures: the empty board of each size it was
//! asked for lately (wood, grid, star points, coordinates, stone sprites,
//! and those pixels as palette indices; see `paint`), so that a picture
//! costs only its stones, its marks, the indexing of the pixels around
//! them and the encoding. What a picture looks like is the same as [`png`]'s,
//! byte for byte. No global state: whoever paints many pictures keeps one.

use super::paint::Board;
use super::picture::Picture;
use super::raster::{Png, RenderError, encode};

/// Returns the PNG of `p`: what its [`svg`](super::svg) shows, painted.
/// To make many, keep a [`Painter`].
pub fn png(p: &Picture) -> Result<Png, RenderError> {
    Painter::new().png(p)
}

/// Empty boards kept (a board of 25x25 is about 2 MB of pixels).
const KEEP: usize = 4;

/// Paints pictures, keeping the empty boards of the last sizes painted.
#[derive(Debug, Clone, Default)]
pub struct Painter {
    /// The empty boards, the one used last at the end.
    boards: Vec<Board>,
}

impl Painter {
    /// A painter that has painted nothing yet.
    pub fn new() -> Painter {
        Painter::default()
    }

    /// Returns the PNG of `p`: what its [`svg`](super::svg) shows, painted.
    pub fn png(&mut self, p: &Picture) -> Result<Png, RenderError> {
        let side = p.geometry().width();
        let board = self.board(p).ok_or(RenderError::Size(side))?;
        let pixmap = board.paint(p);
        let indexed = board.indexed(p, &pixmap);
        let bytes = encode(pixmap.data(), side, indexed)?;
        Ok(Png {
            bytes,
            width: side,
            height: side,
        })
    }

    /// The empty board of `p`'s size, drawn now if it is not kept.
    fn board(&mut self, p: &Picture) -> Option<&Board> {
        let size = p.size();
        match self.boards.iter().position(|b| b.size() == size) {
            Some(at) => {
                let board = self.boards.remove(at);
                self.boards.push(board);
            }
            None => {
                if self.boards.len() >= KEEP {
                    self.boards.remove(0);
                }
                self.boards.push(Board::new(size)?);
            }
        }
        self.boards.last()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbmgo_go::{BoardSize, Color, Point, Position};

    fn picture(n: u32, stones: &[(u8, u8, Color)]) -> Picture {
        let mut position = Position::empty(BoardSize::new(n).unwrap());
        for &(col, row, color) in stones {
            position.set(Point::new(col, row), Some(color));
        }
        Picture::new(position)
    }

    #[test]
    fn a_kept_board_paints_the_same_bytes_as_a_new_painter() {
        let mut painter = Painter::new();
        let sizes = [9, 19, 13, 9, 5, 7, 25, 19];
        for (i, n) in sizes.into_iter().enumerate() {
            let p = picture(n, &[(0, 0, Color::Black), (2, 1, Color::White)]);
            let p = Picture {
                last: Some(Point::new(2, u8::try_from(i % 2).unwrap())),
                ..p
            };
            let kept = painter.png(&p).unwrap();
            assert_eq!(kept, png(&p).unwrap(), "{n}x{n}");
        }
        assert_eq!(painter.boards.len(), KEEP);
        assert_eq!(painter.boards.last().unwrap().size().get(), 19);
    }

    /// The RGB pixels of a PNG.
    fn decoded(bytes: &[u8]) -> Vec<u8> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        buf
    }

    /// Stones everywhere but a few points, every mark, dead stones and
    /// territory: the PNG (indexed again only around what was drawn) holds
    /// exactly the painted pixels.
    #[test]
    fn the_png_holds_exactly_the_painted_pixels() {
        for n in [5, 9, 13, 19, 25] {
            let mut stones = Vec::new();
            for col in 0..u8::try_from(n).unwrap() {
                for row in 0..u8::try_from(n).unwrap() {
                    let color = match (col * 7 + row * 3) % 5 {
                        0 | 1 => Color::Black,
                        2 | 3 => Color::White,
                        _ => continue,
                    };
                    stones.push((col, row, color));
                }
            }
            let (empty, dead) = (Point::new(4, 0), Point::new(0, 0));
            stones.retain(|&(c, r, _)| Point::new(c, r) != empty);
            let mut p = picture(n, &stones);
            p.last = Some(Point::new(1, 1));
            p.ko = Some(empty);
            p.dead = vec![dead];
            p.territory = vec![(dead, Color::White), (Point::new(2, 4), Color::Black)];
            let board = Board::new(p.size()).unwrap();
            let painted = board.paint(&p);
            let rgb: Vec<u8> = painted
                .data()
                .chunks_exact(4)
                .flat_map(|px| [px[0], px[1], px[2]])
                .collect();
            let png = Painter::new().png(&p).unwrap();
            assert_eq!(decoded(&png.bytes), rgb, "{n}x{n}");
        }
    }
}
