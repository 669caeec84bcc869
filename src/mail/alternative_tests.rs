//! The tests of `alternative`.

use super::{Picture, html, html_with, wrap};

fn body(text: &str) -> String {
    let page = html(text, "t");
    let start = page.find("<body>\n").unwrap() + 7;
    let end = page.find("</body>").unwrap();
    page[start..end].to_string()
}

#[test]
fn wrapped_prose_becomes_one_paragraph_that_reflows() {
    let long = "word ".repeat(40);
    let text = wrap(long.trim(), 72);
    assert!(text.lines().count() > 2);
    let out = body(&text);
    assert_eq!(out, format!("<p>{}</p>\n", long.trim()));
}

#[test]
fn short_lines_keep_their_breaks() {
    let out = body("Status: playing.\nMove 4, White to play.");
    assert_eq!(out, "<p>Status: playing.<br>\nMove 4, White to play.</p>\n");
}

#[test]
fn indented_lines_are_preformatted_and_escaped() {
    let out = body("Answer with\n\n    move game1 <POINT>\n 9  . X .  9\nKo: none");
    assert_eq!(
        out,
        "<p>Answer with</p>\n<pre class=\"board\">    move game1 &lt;POINT&gt;\n 9  . X .  9</pre>\n<p>Ko: none</p>\n"
    );
}

#[test]
fn a_picture_stands_in_place_of_the_first_board_it_shows() {
    let board = "    A B\n 2  . X  2\n 1  . .  1\n    A B";
    let text = format!("News\n\n{board}\n\nand again\n\n{board}\n");
    let pic = Picture {
        src: "cid:b1@x".into(),
        shows: board,
        alt: "Board of game1",
        caption: "",
        letters: "",
        width: 100,
        height: 100,
    };
    let page = html_with(&text, "t", &[], std::slice::from_ref(&pic));
    assert_eq!(page.matches("<img").count(), 1);
    let img = page
        .find("<img src=\"cid:b1@x\" alt=\"Board of game1\" width=\"100\"")
        .unwrap();
    assert!(img < page.find("and again").unwrap());
    assert_eq!(page.matches("<pre").count(), 1, "the second copy: {page}");
    let other = Picture {
        shows: "    A B C",
        ..pic
    };
    assert!(!html_with(&text, "t", &[], &[other]).contains("<img"));
}

#[test]
fn declared_spans_and_board_rows_stay_preformatted_whatever_they_start_with() {
    let count = "Black: 24 points = 25\nWhite: 0.5\nBlack wins by 24.5 (B+24.5)";
    let text = format!("Status: scoring.\n\n{count}\n\n12  . . X 12\n11  . . . 11\n");
    let page = html_with(&text, "t", &[count], &[]);
    assert!(page.contains(&format!("<pre>{count}</pre>")), "{page}");
    let rows = "<pre class=\"board\">12  . . X 12\n11  . . . 11</pre>";
    assert!(page.contains(rows), "{page}");
}

#[test]
fn quotes_items_and_no_empty_elements() {
    let out = body("> hi & bye\n>\n\n- one\n  more\n- two\n\n\n");
    assert_eq!(
        out,
        "<blockquote><p>hi &amp; bye</p></blockquote>\n<ul>\n<li>one<br>\nmore</li>\n<li>two</li>\n</ul>\n"
    );
    assert!(!body("\n\n").contains("<p>"));
}

/// `wrap` as it was written first (a `String` per line, characters
/// counted again for every word): the reference its bytes are held to.
fn wrap_before(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in super::lf_lines(text) {
        let keep = line.starts_with([' ', '\t', '>']) || line.chars().count() <= width;
        if keep {
            out.push(line.to_string());
            continue;
        }
        let indent = if line.starts_with("- ") { "  " } else { "" };
        let mut current = String::new();
        for word in line.split_whitespace() {
            let len = current.chars().count() + 1 + word.chars().count();
            if !current.is_empty() && len > width {
                out.push(std::mem::take(&mut current));
                current.push_str(indent);
            }
            if !current.is_empty() && !current.ends_with(' ') {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out.join("\n")
}

#[test]
fn wrap_gives_what_it_gave_before() {
    let words = [
        "a",
        "word",
        "ünïcödé",
        "☃☃",
        "longer-words-here",
        "x",
        "- ",
        "  ",
    ];
    let mut texts = vec![String::new(), "\n\n".into(), " ".repeat(90)];
    for n in 0..60 {
        let line: Vec<&str> = (0..n).map(|i| words[(i * 5 + n) % words.len()]).collect();
        texts.push(line.join(" "));
        texts.push(format!("- {}\n> {}\n", line.join(" "), line.join("  ")));
        texts.push(format!(
            "{}\t{}\n\n",
            "y".repeat(n * 3),
            line.join("\u{a0} ")
        ));
    }
    for text in texts {
        for width in [1, 5, 20, 72] {
            assert_eq!(
                wrap(&text, width),
                wrap_before(&text, width),
                "{text:?} {width}"
            );
        }
    }
}

#[test]
fn wrap_keeps_quotes_and_indents_items() {
    let item = format!("- {}", "abc ".repeat(30));
    let wrapped = wrap(&item, 20);
    assert!(wrapped.lines().skip(1).all(|l| l.starts_with("  abc")));
    let long = format!("- {}", "abc ".repeat(30));
    let out = body(&wrap(long.trim(), 72));
    assert_eq!(
        out,
        format!("<ul>\n<li>{}</li>\n</ul>\n", "abc ".repeat(30).trim())
    );
    let quote = format!("> {}", "x".repeat(100));
    assert_eq!(wrap(&quote, 20), quote);
}
