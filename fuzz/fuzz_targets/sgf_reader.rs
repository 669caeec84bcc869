//! The SGF reader on arbitrary bytes: never panics, and a record it accepts
//! has every move and setup point on its board, setup lists sorted.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbmgo::go::Move;
use pbmgo::go::sgf::parse_sgf;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = parse_sgf(data) else {
        return;
    };
    assert!(!game.nodes.is_empty());
    for node in &game.nodes {
        if let Some((_, Move::Play(p))) = node.play {
            assert!(game.size.contains(p));
        }
        if let Some(setup) = &node.setup {
            for list in [&setup.black, &setup.white, &setup.empty] {
                assert!(list.iter().all(|p| game.size.contains(*p)));
                assert!(list.windows(2).all(|w| w[0] < w[1]));
            }
        }
    }
});
