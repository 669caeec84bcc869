//! The HTML part at every board size, 2x2 to 25x25, in play and in
//! scoring: without a picture (`images off`) every row of the text board
//! is a line of a `<pre>`, and a scored board's count lines are too; with
//! the picture, the HTML shows the board once, as an `<img>` whose `cid:`
//! names an image part of the mail, and no row of the text board.
//! The HTML is read by the HTML5 parser (`html_check::elements`).

use mail_parser::MimeHeaders;

use crate::common::clock_mail::{ALICE, BOB, Row, harness, of_kinds, send};
use crate::common::home::Home;
use crate::common::html_check::{elements, problems};

/// The column letters of the boards, as the text draws them.
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The rows of the board the text part of `row` draws for a board of
/// `size`: the lines between the two lines of column letters.
fn board_rows(row: &Row, size: usize) -> Vec<String> {
    let letters: Vec<String> = COLUMNS.chars().take(size).map(String::from).collect();
    let frame = format!("    {}", letters.join(" "));
    let text = &row.mail.text;
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let top = lines.iter().position(|l| *l == frame);
    let top = top.unwrap_or_else(|| panic!("no {size}x{size} board in:\n{text}"));
    let rows: Vec<String> = lines[top + 1..top + 1 + size]
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert_eq!(lines[top + 1 + size], frame, "{text}");
    rows
}

/// The Content-IDs of the image parts of `row`'s mail.
fn image_ids(row: &Row) -> Vec<String> {
    let m = mail_parser::MessageParser::default()
        .parse(&row.mail.raw)
        .expect("the mail parses");
    m.parts
        .iter()
        .filter(|p| p.content_type().is_some_and(|t| t.ctype() == "image"))
        .filter_map(|p| Some(p.content_id()?.trim_matches(['<', '>']).to_owned()))
        .collect()
}

/// The last mail of `kind` to `to`.
fn last_to(h: &impl Home, to: &str, kind: &str) -> Row {
    let rows = of_kinds(h, &[kind]);
    let found = rows.into_iter().rfind(|r| r.recipient == to);
    found.unwrap_or_else(|| panic!("no {kind} mail to {to}"))
}

/// Checks a mail whose reader said `images off`: every row in a `<pre>`.
fn rows_in_pre(row: &Row, size: usize, what: &str) {
    let html = row.mail.html.as_deref().expect("an HTML part");
    assert!(problems(html).is_empty(), "{what}: {:?}", problems(html));
    assert!(
        elements(html, "img").is_empty(),
        "{what}: no picture\n{html}"
    );
    let pres: Vec<String> = elements(html, "pre").into_iter().map(|p| p.1).collect();
    for r in board_rows(row, size) {
        let inside = pres.iter().any(|p| p.lines().any(|l| l.trim_end() == r));
        assert!(
            inside,
            "{what}: row {r:?} is not a line of a <pre>:\n{html}"
        );
    }
}

/// Checks a mail with the picture: one `<img>` naming an image part, and
/// no row of the text board in the HTML.
fn picture_in_place(row: &Row, size: usize, what: &str) {
    let html = row.mail.html.as_deref().expect("an HTML part");
    assert!(problems(html).is_empty(), "{what}: {:?}", problems(html));
    let imgs = elements(html, "img");
    assert_eq!(imgs.len(), 1, "{what}: one picture\n{html}");
    let src = imgs[0].0.iter().find(|(k, _)| k == "src").map(|(_, v)| v);
    let cid = src
        .and_then(|s| s.strip_prefix("cid:"))
        .expect("a cid: src");
    assert!(image_ids(row).iter().any(|id| id == cid), "{what}: {cid}");
    let body = &elements(html, "body")[0].1;
    for r in board_rows(row, size) {
        assert!(!body.contains(r.trim()), "{what}: {r:?} shown too\n{html}");
    }
}

/// Checks that the count of a scored board is in a `<pre>`, a line each.
fn count_in_pre(row: &Row, what: &str) {
    let html = row.mail.html.as_deref().expect("an HTML part");
    let pres: Vec<String> = elements(html, "pre").into_iter().map(|p| p.1).collect();
    let count = pres.iter().find(|p| p.contains("Counting:"));
    let count = count.unwrap_or_else(|| panic!("{what}: no count in a <pre>\n{html}"));
    assert!(
        count.lines().any(|l| l.trim().starts_with("Black:")),
        "{count}"
    );
    assert!(
        count.lines().any(|l| l.trim().starts_with("White:")),
        "{count}"
    );
}

#[test]
fn every_board_size_is_laid_out_in_html_in_play_and_in_scoring() {
    for size in 2..=25 {
        let h = harness();
        h.game_new("alice", "bob", size);
        send(&h, BOB, "images off", 0.0);
        send(&h, ALICE, "move game1 A1", 1.0);
        let n = size as usize;
        picture_in_place(&last_to(&h, ALICE, "reply"), n, &format!("{n}: reply"));
        rows_in_pre(&last_to(&h, BOB, "your-move"), n, &format!("{n}: letter"));
        send(&h, BOB, "pass game1", 2.0);
        send(&h, ALICE, "pass game1", 3.0);
        let (reply, letter) = (last_to(&h, ALICE, "reply"), last_to(&h, BOB, "your-move"));
        assert!(reply.mail.text.contains("Counting:"), "{}", reply.mail.text);
        picture_in_place(&reply, n, &format!("{n}: scoring reply"));
        rows_in_pre(&letter, n, &format!("{n}: scoring letter"));
        count_in_pre(&reply, &format!("{n}: scoring reply"));
        count_in_pre(&letter, &format!("{n}: scoring letter"));
    }
}
