//! `game show GAME --png FILE --svg FILE`: the board as a picture, now and
//! after a given move.

use pbmgo::go::{BoardSize, Point};
use pbmgo::render::Geometry;

use crate::common::lifecycle::*;

/// The brightness of the pixel at (`x`, `y`) of a PNG.
fn brightness(png_bytes: &[u8], x: f32, y: f32) -> (u32, u32) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let palette = reader.info().palette.clone().expect("an indexed PNG");
    let i = usize::from(buf[y as usize * info.width as usize + x as usize]);
    let rgb = &palette[3 * i..3 * i + 3];
    (
        info.width,
        rgb.iter().map(|&c| u32::from(c)).sum::<u32>() / 3,
    )
}

#[test]
fn game_show_writes_the_board_as_png_and_svg() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9 color black days 3");
    send(&h, BOB, "accept game1");
    send(&h, ALICE, "move game1 c3");
    let dir = tempfile::tempdir().unwrap();
    let (png_path, svg_path) = (dir.path().join("b.png"), dir.path().join("b.svg"));
    let (png_arg, svg_arg) = (png_path.to_str().unwrap(), svg_path.to_str().unwrap());
    let text = h.ok(&["game", "show", "game1", "--png", png_arg, "--svg", svg_arg]);
    assert!(text.contains("game1"), "the text is still printed: {text}");
    let g = Geometry::of(BoardSize::new(9).unwrap());
    let (x, y) = g.center(Point::new(2, 2));
    let now = std::fs::read(&png_path).unwrap();
    let (width, c3) = brightness(&now, x + 4.0, y + 4.0);
    assert_eq!(width, g.width());
    assert!(c3 < 40, "a black stone on C3");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains("<circle"), "the last move is marked");
    h.ok(&["game", "show", "game1", "--at", "0", "--png", png_arg]);
    let before = std::fs::read(&png_path).unwrap();
    assert!(
        brightness(&before, x + 4.0, y + 4.0).1 > 120,
        "no stone at move 0"
    );
}
