//! Points and moves as players and SGF write them: the first byte picks a
//! board size, the rest is the text. Never panics; whatever is accepted is
//! on the board and reads back the same from its canonical form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbmgo::go::{BoardSize, Move, Point};

fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let size = BoardSize::new(2 + u32::from(n) % 24).expect("2..=25");
    let text = String::from_utf8_lossy(rest);
    if let Ok(p) = Point::parse(&text, size) {
        assert!(size.contains(p));
        assert_eq!(Point::parse(&p.to_string(), size), Ok(p));
        assert_eq!(Point::parse(&p.to_string().to_lowercase(), size), Ok(p));
    }
    if let Ok(m) = Move::parse(&text, size) {
        assert_eq!(Move::parse(&m.to_string(), size), Ok(m));
    }
    if let Ok(p) = text.parse::<Point>() {
        assert_eq!(p.to_string().parse::<Point>(), Ok(p));
    }
    if let Ok(Some(p)) = Point::from_sgf(&text, size) {
        assert!(size.contains(p));
        assert_eq!(Point::from_sgf(&p.to_sgf(size), size), Ok(Some(p)));
    }
});
