//! The board picture in game mails: a move's reply and the opponent's
//! letter carry the PNG of the board (multipart/related, shown by `cid:`
//! in place of the text board, which stays in the text part), which a
//! real browser (headless Chromium) loads and paints; `images off` takes
//! the pictures away (the text and the `<pre>` board stay) and `images on`
//! brings them back; a 19x19 mail with its picture stays well under 60 KB;
//! a 19x19 and a 25x25 mail fit a phone (a frame 400 px wide) and a
//! desktop (1280 px) without scrolling sideways.
//!
//! The browser tests need `/usr/bin/chromium`, so they are ignored by a
//! plain `cargo test`; `.ci/run` installs Chromium and runs them
//! (`--include-ignored`). They ask the browser for each image's natural
//! and shown width and the page's width (a probe copy of the page, with a
//! script the mail itself never carries) and take screenshots (kept as
//! `pbmgo-screenshot.png` and `pbmgo-<size>-<width>px.png` in the
//! temporary folder).

use std::path::Path;

use mail_parser::MimeHeaders;

use crate::common::clock_mail::{self, ALICE, BOB, Row};
use crate::common::home::Home;

use clock_mail::{harness, of_kinds, send};

/// The board's wood colour (`#dcb35c`, as the renderer paints it).
const WOOD: [u8; 3] = [0xdc, 0xb3, 0x5c];

/// One inline image of a mail: its Content-ID and PNG bytes.
struct Inline {
    content_id: String,
    png: Vec<u8>,
}

/// The inline images of `row`'s mail (the parts with a Content-ID).
fn inline_images(row: &Row) -> Vec<Inline> {
    let m = mail_parser::MessageParser::default()
        .parse(&row.mail.raw)
        .expect("the mail parses");
    m.parts
        .iter()
        .filter_map(|p| {
            let id = p.content_id()?.trim_matches(['<', '>']).to_owned();
            Some(Inline {
                content_id: id,
                png: p.contents().to_vec(),
            })
        })
        .collect()
}

/// The last mail of `kind` to `to`.
fn last_to(h: &impl Home, to: &str, kind: &str) -> Row {
    of_kinds(h, &[kind])
        .into_iter()
        .rfind(|r| r.recipient == to)
        .unwrap_or_else(|| panic!("no {kind} mail to {to}"))
}

/// The number of pixels of `png` (any colour type Chromium writes) that
/// are within a few levels of `rgb`.
fn pixels_near(png_bytes: &[u8], rgb: [u8; 3]) -> usize {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let step = info.color_type.samples();
    assert!(step >= 3, "a colour screenshot: {:?}", info.color_type);
    buf[..info.buffer_size()]
        .chunks(step)
        .filter(|px| (0..3).all(|i| px[i].abs_diff(rgb[i]) <= 6))
        .count()
}

/// Writes the HTML part of `row` to `dir` with each `cid:` image saved as
/// a file beside it; returns the page's path.
fn page_with_files(row: &Row, dir: &Path) -> std::path::PathBuf {
    let mut html = row.mail.html.clone().expect("an HTML part");
    for (i, image) in inline_images(row).iter().enumerate() {
        let name = format!("board{i}.png");
        std::fs::write(dir.join(&name), &image.png).unwrap();
        let cid = format!("cid:{}", image.content_id);
        assert!(html.contains(&cid), "the HTML shows {cid}:\n{html}");
        html = html.replace(&cid, &name);
    }
    let page = dir.join("mail.html");
    std::fs::write(&page, html).unwrap();
    page
}

/// Runs headless Chromium on `page` with `extra` arguments; returns its stdout.
fn chromium(page: &Path, extra: &[String]) -> String {
    crate::common::chromium::run(&format!("file://{}", page.display()), extra)
}

/// The natural widths of the images of `page` once it has loaded, as
/// Chromium reports them (0 for an image that did not load).
fn natural_widths(page: &Path, dir: &Path) -> Vec<u32> {
    let html = std::fs::read_to_string(page).unwrap();
    let probe = dir.join("probe.html");
    let script = "<script>addEventListener('load', () => { document.body.setAttribute(\
        'data-widths', [...document.images].map(i => i.naturalWidth).join(' ')); });</script>";
    std::fs::write(&probe, html.replace("</body>", &format!("{script}</body>"))).unwrap();
    let dom = chromium(&probe, &["--dump-dom".to_string()]);
    let at = dom.find("data-widths=\"").expect("the probe ran") + "data-widths=\"".len();
    let widths = &dom[at..at + dom[at..].find('"').unwrap()];
    widths
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

/// Screenshots `page` with headless Chromium; returns the PNG's bytes.
fn screenshot(page: &Path, dir: &Path) -> Vec<u8> {
    screenshot_at(page, dir, 800, 1200)
}

/// Screenshots `page` in a window `width` by `height` pixels.
fn screenshot_at(page: &Path, dir: &Path, width: u32, height: u32) -> Vec<u8> {
    let shot = dir.join("shot.png");
    let args = [
        format!("--window-size={width},{height}"),
        format!("--screenshot={}", shot.display()),
    ];
    chromium(page, &args);
    std::fs::read(&shot).expect("chromium wrote the screenshot")
}

/// How the page lays out in a frame `width` pixels wide, once loaded:
/// the frame's inner width, the page's scroll width, and each image's
/// natural and shown widths (a probe copy of the page, as above).
struct Layout {
    inner: u32,
    scroll: u32,
    natural: Vec<u32>,
    shown: Vec<u32>,
}

/// Writes a page that shows `page` in a frame `width` pixels wide (headless
/// Chromium's window is never narrower than 500 px; a frame is the width
/// of a phone's screen); returns its path.
fn framed(page: &Path, dir: &Path, width: u32) -> std::path::PathBuf {
    let name = page.file_name().unwrap().to_string_lossy();
    let frame = dir.join(format!("frame-{name}"));
    let html = format!(
        "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"{name}\" \
         width=\"{width}\" height=\"1400\" style=\"border:0;display:block\"></iframe></body></html>"
    );
    std::fs::write(&frame, html).unwrap();
    frame
}

fn layout_at(page: &Path, dir: &Path, width: u32) -> Layout {
    let html = std::fs::read_to_string(page).unwrap();
    let probe = dir.join("probe.html");
    let script = "<script>addEventListener('load', () => { const b = parent.document.body; \
        b.setAttribute('data-inner', innerWidth); \
        b.setAttribute('data-scroll', document.documentElement.scrollWidth); \
        b.setAttribute('data-natural', [...document.images].map(i => i.naturalWidth).join(' ')); \
        b.setAttribute('data-shown', [...document.images].map(i => Math.ceil(\
        i.getBoundingClientRect().width)).join(' ')); });</script>";
    std::fs::write(&probe, html.replace("</body>", &format!("{script}</body>"))).unwrap();
    let args = [
        "--dump-dom".to_string(),
        "--allow-file-access-from-files".to_string(),
        format!("--window-size={},1400", width.max(500) + 20),
    ];
    let dom = chromium(&framed(&probe, dir, width), &args);
    let attr = |name: &str| -> Vec<u32> {
        let key = format!("data-{name}=\"");
        let at = dom.find(&key).expect("the probe ran") + key.len();
        let value = &dom[at..at + dom[at..].find('"').unwrap()];
        value
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect()
    };
    Layout {
        inner: attr("inner")[0],
        scroll: attr("scroll")[0],
        natural: attr("natural"),
        shown: attr("shown"),
    }
}

/// The reply to alice's first move in a 9x9 game.
fn move_reply() -> Row {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 0.0);
    last_to(&h, ALICE, "reply")
}

#[test]
fn a_move_reply_shows_the_board_once_as_its_picture() {
    let reply = move_reply();
    let images = inline_images(&reply);
    assert_eq!(images.len(), 1, "one board, one picture");
    assert!(images[0].png.starts_with(b"\x89PNG"), "a PNG");
    let html = reply.mail.html.as_deref().unwrap();
    assert!(html.contains("<img src=\"cid:"), "an <img>: {html}");
    let folded = html
        .split("<details class=\"board\">")
        .nth(1)
        .unwrap_or_default();
    assert_eq!(html.matches("<pre").count(), 1, "one text board: {html}");
    assert!(
        folded.contains("<pre class=\"board\">") && folded.contains("</pre></details>"),
        "the text board only folded under the picture: {html}"
    );
    assert!(reply.mail.text.contains("(X)"), "the text part keeps it");
    let alt = "alt=\"The board of game1 after move 1, 9x9: Black stones at E5, no white stones; \
               the last stone played is E5.\"";
    assert!(html.contains(alt), "{html}");
    assert!(
        html.contains("<figcaption>A ring marks the last stone played"),
        "{html}"
    );
}

#[test]
#[ignore = "needs /usr/bin/chromium, which .ci/run installs"]
fn a_browser_loads_and_paints_the_board_picture() {
    let reply = move_reply();
    let dir = tempfile::tempdir().unwrap();
    let page = page_with_files(&reply, dir.path());
    let widths = natural_widths(&page, dir.path());
    assert_eq!(widths.len(), 1, "one image: {widths:?}");
    assert!(widths[0] > 0, "the picture did not load: {widths:?}");
    println!("natural width of the picture in Chromium: {} px", widths[0]);
    let shot = screenshot(&page, dir.path());
    std::fs::write(std::env::temp_dir().join("pbmgo-screenshot.png"), &shot).unwrap();
    let wood = pixels_near(&shot, WOOD);
    // A 9x9 picture is about 360 px square: most of it is wood.
    assert!(wood > 50_000, "{wood} wood pixels in the screenshot");
}

#[test]
fn the_opponents_letter_has_the_picture_and_images_off_takes_it_away() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 0.0);
    assert_eq!(inline_images(&last_to(&h, BOB, "your-move")).len(), 1);
    send(&h, BOB, "images off", 1.0);
    let said = last_to(&h, BOB, "reply");
    assert!(
        said.mail.text.contains("as text only"),
        "{}",
        said.mail.text
    );
    send(&h, BOB, "move game1 c3", 2.0);
    let reply = last_to(&h, BOB, "reply");
    assert!(inline_images(&reply).is_empty());
    let html = reply.mail.html.as_deref().unwrap();
    assert!(!html.contains("<img"), "{html}");
    assert!(
        html.contains("<pre class=\"board\">") && html.contains("(O)"),
        "{html}"
    );
    // Alice did not turn them off: her letter about bob's move has one.
    assert_eq!(inline_images(&last_to(&h, ALICE, "your-move")).len(), 1);
    send(&h, BOB, "images on", 3.0);
    send(&h, ALICE, "move game1 g7", 4.0);
    assert_eq!(inline_images(&last_to(&h, BOB, "your-move")).len(), 1);
}

#[test]
fn the_scoring_mails_carry_the_scored_board_picture() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 0.0);
    send(&h, BOB, "move game1 c3", 1.0);
    send(&h, ALICE, "pass game1", 2.0);
    send(&h, BOB, "pass game1", 3.0);
    for (to, kind) in [(BOB, "reply"), (ALICE, "your-move")] {
        let mail = last_to(&h, to, kind);
        assert!(mail.mail.text.contains("scoring"), "{}", mail.mail.text);
        assert_eq!(inline_images(&mail).len(), 1, "{to}: {}", mail.mail.text);
    }
}

#[test]
fn an_earlier_board_in_a_transcript_gets_no_picture() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "board game1\nmove game1 e5", 0.0);
    let reply = last_to(&h, ALICE, "reply");
    let html = reply.mail.html.as_deref().unwrap();
    assert_eq!(inline_images(&reply).len(), 1, "{}", reply.mail.text);
    assert_eq!(html.matches("<img").count(), 1, "{html}");
    assert!(
        html.contains("alt=\"The board of game1 after move 1,"),
        "the picture is of the board after the move:\n{html}"
    );
    // Any board the text shows besides (an earlier one) stays text.
    let boards = reply.mail.text.matches("    A B C D E F G H J\n").count() / 2;
    let pres = html.matches("<pre class=\"board\">").count();
    let folded = html.matches("<details class=\"board\">").count();
    assert_eq!(pres - folded + 1, boards, "{html}");
}

#[test]
fn a_19x19_mail_with_its_picture_is_under_60_kb() {
    let h = harness();
    h.game_new("alice", "bob", 19);
    let cols = "ABCDEFGHJKLMNOPQRST".as_bytes();
    for i in 0..100usize {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        // Rows 1, 3, 5, ... filled left to right, X and O in turn: a
        // hundred stones, none captured (the even rows stay empty).
        let (c, r) = (cols[i % 19] as char, 1 + 2 * (i / 19));
        send(&h, from, &format!("move game1 {c}{r}"), i as f64);
    }
    let letter = last_to(&h, ALICE, "your-move");
    assert_eq!(inline_images(&letter).len(), 1);
    let size = letter.mail.raw.len();
    println!("a 19x19 your-move mail with its picture: {size} bytes");
    assert!(size < 60_000, "{size} bytes");
}

/// Bob's letter after alice's last move in a `size` game (five moves,
/// then two passes when `scored`), with the picture unless bob said
/// `images off`.
fn letter_of_size(size: u32, images: bool, scored: bool) -> Row {
    let h = harness();
    h.game_new("alice", "bob", size);
    if !images {
        send(&h, BOB, "images off", 0.0);
    }
    let mut moves = vec!["move game1 D4", "move game1 Q16", "move game1 Q4"];
    moves.extend(["move game1 D16", "move game1 K10"]);
    if scored {
        moves.extend(["pass game1", "pass game1"]);
    }
    for (i, line) in moves.iter().enumerate() {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        send(&h, from, line, 1.0 + i as f64);
    }
    last_to(&h, BOB, "your-move")
}

/// Lays `letter` out at each width: no sideways scrolling, the pictures
/// loaded and within the width; screenshots kept as
/// `pbmgo-<name>-<width>px.png` in the temporary folder.
fn fits(letter: &Row, name: &str, pictures: usize) {
    let dir = tempfile::tempdir().unwrap();
    let page = page_with_files(letter, dir.path());
    for width in [400, 1280] {
        let l = layout_at(&page, dir.path(), width);
        let what = format!("{name} at {width} px");
        assert_eq!(l.natural.len(), pictures, "{what}: {pictures} picture(s)");
        assert!(l.natural.iter().all(|w| *w > 0), "{what}: did not load");
        assert!(
            l.shown.iter().all(|w| *w <= l.inner),
            "{what}: {:?}",
            l.shown
        );
        assert!(
            l.scroll <= l.inner,
            "{what}: page {} > {} px",
            l.scroll,
            l.inner
        );
        println!(
            "{what}: pictures {:?} px wide shown at {:?} px, page {} of {} px",
            l.natural, l.shown, l.scroll, l.inner
        );
        let frame = framed(&page, dir.path(), width);
        let shot = screenshot_at(&frame, dir.path(), width.max(500) + 20, 1400);
        let kept = std::env::temp_dir().join(format!("pbmgo-{name}-{width}px.png"));
        std::fs::write(&kept, &shot).unwrap();
        if pictures > 0 {
            assert!(
                pixels_near(&shot, WOOD) > 20_000,
                "{what}: the board is painted"
            );
        }
    }
}

#[test]
#[ignore = "needs /usr/bin/chromium, which .ci/run installs"]
fn big_boards_fit_a_phone_and_a_desktop_in_a_browser() {
    for size in [19, 25] {
        let name = format!("{size}x{size}");
        fits(&letter_of_size(size, true, false), &name, 1);
        fits(
            &letter_of_size(size, false, false),
            &format!("{name}-text"),
            0,
        );
    }
    fits(&letter_of_size(19, true, true), "19x19-scored", 1);
    fits(&letter_of_size(19, false, true), "19x19-scored-text", 0);
}
