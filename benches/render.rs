//! The board picture of a game mail: a 19x19 position about 220 moves in
//! (random legal moves from a fixed seed, so about 180 stones after
//! captures), drawn as SVG and as PNG (by a new painter, which draws the
//! empty board too, and by a painter that keeps it, as mail rendering
//! does), and a 9x9 PNG. The budget is under 5 ms for the 19x19 PNG.
//!
//! Run: `cargo bench --bench render`.

use criterion::{Criterion, criterion_group, criterion_main};
use pbmgo::go::{BoardSize, Game, Move, Point, Rules};
use pbmgo::render::{Painter, Picture, png, svg};

/// A game of `moves` random legal moves on `n` lines, from a fixed seed.
fn game(n: u8, moves: usize) -> Game {
    let size = BoardSize::new(u32::from(n)).unwrap();
    let mut game = Game::new(size, Rules::default());
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut played = 0;
    let mut tries = 0;
    while played < moves && tries < moves * 20 {
        tries += 1;
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let col = ((seed >> 33) % u64::from(n)) as u8;
        let row = ((seed >> 45) % u64::from(n)) as u8;
        if game.play(Move::Play(Point::new(col, row))).is_ok() {
            played += 1;
        }
    }
    game
}

fn bench(c: &mut Criterion) {
    let nineteen = Picture::of_game(&game(19, 220));
    let nine = Picture::of_game(&game(9, 40));
    let bytes = png(&nineteen).unwrap().bytes.len();
    eprintln!("19x19 PNG: {bytes} bytes");
    c.bench_function("render/png_19x19", |b| b.iter(|| png(&nineteen).unwrap()));
    let mut painter = Painter::new();
    c.bench_function("render/png_19x19_kept", |b| {
        b.iter(|| painter.png(&nineteen).unwrap())
    });
    c.bench_function("render/svg_19x19", |b| b.iter(|| svg(&nineteen)));
    c.bench_function("render/png_9x9", |b| b.iter(|| png(&nine).unwrap()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
