//! The board picture in game mails: a move's reply and the opponent's
//! letter carry the PNG of the board (multipart/related, shown by `cid:`
//! in place of the text board, which stays in the text part), which a real browser (headless Chromium)
//! loads and paints; `images off` takes the pictures away (the text and
//! the `<pre>` board stay) and `images on` brings them back; a 19x19
//! mail with its picture stays well under 60 KB.
//!
//! The browser test needs `/usr/bin/chromium`, so it is ignored by a plain
//! `cargo test`; `.ci/run` installs Chromium and runs it (`--include-ignored`).
//! It asks the browser for each image's natural width (a probe copy of
//! the page, with a script the mail itself never carries) and takes a
//! screenshot (kept as `pbmgo-screenshot.png` in the temporary folder).

use std::path::Path;
use std::process::Command;

use mail_parser::MimeHeaders;

use crate::common::clock_mail::{self, ALICE, BOB, Row};
use crate::common::home::Home;

use clock_mail::{harness, of_kinds, send};

/// The board's wood colour (`#dcb35c`, as the renderer paints it).
const WOOD: [u8; 3] = [0xdc, 0xb3, 0x5c];
const CHROMIUM: &str = "/usr/bin/chromium";

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
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: install chromium (.ci/run does)"
    );
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
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
    let shot = dir.join("shot.png");
    let args = [
        "--window-size=800,1200".to_string(),
        format!("--screenshot={}", shot.display()),
    ];
    chromium(page, &args);
    std::fs::read(&shot).expect("chromium wrote the screenshot")
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
    assert!(!html.contains("<pre"), "no text board beside it: {html}");
    assert!(reply.mail.text.contains("(X)"), "the text part keeps it");
    let alt = "alt=\"The board of game1 after move 1, 9x9: Black stones at E5, no white stones; \
               the last stone played is E5.\"";
    assert!(html.contains(alt), "{html}");
    assert!(
        html.contains("<figcaption>How to read the picture"),
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
    assert_eq!(pres + 1, boards, "{html}");
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
