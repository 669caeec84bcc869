//! The engine's board decoder on arbitrary bytes: never panics, and a board
//! it accepts re-encodes to the same bytes, has no string without a
//! liberty, and reads back from its rows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbmgo::go::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(pos) = Position::decode(data) else {
        return;
    };
    assert_eq!(pos.encode(), data);
    assert_eq!(pos.first_dead_string(), None);
    assert_eq!(Position::from_rows(&pos.rows()).as_ref(), Ok(&pos));
});
