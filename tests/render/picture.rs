//! The SVG and the PNG of the board picture.

use pbmgo::go::{Color, Point};
use pbmgo::render::{Geometry, Picture, png, svg};

use super::positions::{SIZES, in_play, scored, size, stone};

#[test]
fn svg_snapshots_in_play_and_in_scoring() {
    for n in SIZES {
        insta::assert_snapshot!(format!("svg_{n}x{n}_play"), svg(&in_play(n)));
        insta::assert_snapshot!(format!("svg_{n}x{n}_scoring"), svg(&scored(n)));
    }
}

#[test]
fn svg_is_a_document_with_everything_drawn() {
    let s = svg(&in_play(19));
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"610\""));
    assert!(s.ends_with("</svg>\n"));
    assert!(
        !s.contains("<text"),
        "labels are paths: resvg draws no text"
    );
    assert_eq!(s.matches("<circle").count(), 1, "the last-move ring");
    assert_eq!(s.matches("<rect").count(), 3, "wood, edge, ko");
    let scoring = svg(&scored(19));
    assert!(scoring.contains("opacity=\"0.4\""), "dead stones faded");
    assert!(!scoring.contains("<circle"), "no last move, no ko");
    assert_eq!(svg(&in_play(9)), svg(&in_play(9)), "deterministic");
}

fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let palette = reader.info().palette.clone();
    let pixels = match palette {
        Some(pal) => buf[..info.buffer_size()]
            .iter()
            .flat_map(|&i| pal[3 * usize::from(i)..3 * usize::from(i) + 3].to_vec())
            .collect(),
        None => buf[..info.buffer_size()].to_vec(),
    };
    (info, pixels)
}

/// The RGB pixel at (`x`, `y`).
fn pixel(pixels: &[u8], width: u32, x: f32, y: f32) -> [u8; 3] {
    let i = 3 * (y as usize * width as usize + x as usize);
    [pixels[i], pixels[i + 1], pixels[i + 2]]
}

fn brightness(rgb: [u8; 3]) -> u32 {
    rgb.iter().map(|&c| u32::from(c)).sum::<u32>() / 3
}

#[test]
fn png_has_the_size_and_the_stones_where_they_are() {
    for (n, width) in [(9, 370), (19, 610)] {
        let p = in_play(n);
        let img = png(&p).expect("a PNG");
        let (info, pixels) = decode(&img.bytes);
        assert_eq!((info.width, info.height), (width, width));
        assert_eq!((img.width, img.height), (width, width));
        let g = Geometry::of(size(n));
        let black = Point::new(n / 3, 4);
        assert_eq!(stone(n, black), Some(Color::Black));
        let (x, y) = g.center(black);
        assert!(
            brightness(pixel(&pixels, width, x, y)) < 40,
            "black stone at {x},{y}"
        );
        let (x, y) = g.center(Point::new(n / 3 + 1, 4));
        assert!(brightness(pixel(&pixels, width, x, y)) > 220, "white stone");
        let wood = pixel(&pixels, width, 3.0, 3.0);
        assert_eq!(wood, [0xdc, 0xb3, 0x5c], "the corner is wood");
        let (x, y) = g.center(Point::new(n - 3, 3));
        let (x, y) = (x + g.cell as f32 / 3.0, y + g.cell as f32 / 3.0);
        assert_eq!(pixel(&pixels, width, x, y), wood, "an empty point");
    }
}

#[test]
fn png_marks_the_last_move_and_fades_dead_stones() {
    let n = 9;
    let g = Geometry::of(size(n));
    let width = g.width();
    let (_, play) = decode(&png(&in_play(n)).unwrap().bytes);
    let last = Point::new(n / 3 + 1, 0);
    let (x, y) = g.center(last);
    let ring = pixel(&play, width, x + g.cell as f32 * 0.23, y);
    assert!(
        brightness(ring) < 60,
        "a dark ring on the white stone: {ring:?}"
    );
    let (_, scoring) = decode(&png(&scored(n)).unwrap().bytes);
    let (x, y) = g.center(Point::new(n - 2, n - 2));
    let faded = pixel(
        &scoring,
        width,
        x + g.cell as f32 * 0.3,
        y + g.cell as f32 * 0.2,
    );
    assert!((60..200).contains(&brightness(faded)), "faded: {faded:?}");
    let (x, y) = g.center(Point::new(0, 0));
    assert!(
        brightness(pixel(&scoring, width, x, y)) < 40,
        "black territory square at A1"
    );
}

/// The painted PNG against resvg's rendering of the SVG: the same picture.
/// Anti-aliasing differs a little where an edge grazes a pixel row, so
/// the two are compared by blocks of 4x4 pixels: a stone, a mark or a
/// glyph out of place changes a block by far more than that.
#[test]
fn png_is_the_svg_drawn() {
    for p in SIZES.into_iter().flat_map(|n| [in_play(n), scored(n)]) {
        let (info, painted) = decode(&png(&p).unwrap().bytes);
        let reference = resvg_pixels(&p);
        assert_eq!(painted.len(), reference.len());
        let side = info.width as usize;
        let mean = |px: &[u8], bx: usize, by: usize, ch: usize| -> i64 {
            let mut sum = 0;
            for y in by * 4..(by * 4 + 4).min(side) {
                for x in bx * 4..(bx * 4 + 4).min(side) {
                    sum += i64::from(px[3 * (y * side + x) + ch]);
                }
            }
            sum / 16
        };
        let mut worst = 0;
        for by in 0..side.div_ceil(4) {
            for bx in 0..side.div_ceil(4) {
                for ch in 0..3 {
                    let d = (mean(&painted, bx, by, ch) - mean(&reference, bx, by, ch)).abs();
                    worst = worst.max(d);
                }
            }
        }
        assert!(
            worst <= 24,
            "{}x{}: a 4x4 block differs by {worst}",
            side,
            side
        );
    }
}

fn resvg_pixels(p: &Picture) -> Vec<u8> {
    let tree = resvg::usvg::Tree::from_str(&svg(p), &resvg::usvg::Options::default()).unwrap();
    let side = p.geometry().width();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(side, side).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect()
}
