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

/// The tournament standings the text part writes, and their table.
const STANDINGS: &str = "  Pl  Player   Pts  Wins  SOS  SOSOS  SODOS
   1  alice      3     3    4     12      4
   2  bob        2     2    5     11      2
   3= carol      1     1    6     10      0";

#[test]
fn a_tournaments_standings_become_a_table_with_its_numbers_right_aligned() {
    let out = body(&format!(
        "Standings after round 3\n\n{STANDINGS}\n\nWell played."
    ));
    let num = |c: &str| format!("<td class=\"num\">{c}</td>");
    let row = |cells: [&str; 7]| {
        let tds: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 1 {
                    format!("<td>{c}</td>")
                } else {
                    num(c)
                }
            })
            .collect();
        format!("<tr>{}</tr>\n", tds.concat())
    };
    let expected = [
        "<p>Standings after round 3</p>\n",
        "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>",
        "<th class=\"num\">Pl</th><th>Player</th><th class=\"num\">Pts</th>",
        "<th class=\"num\">Wins</th><th class=\"num\">SOS</th>",
        "<th class=\"num\">SOSOS</th><th class=\"num\">SODOS</th></tr></thead>\n<tbody>\n",
        &row(["1", "alice", "3", "3", "4", "12", "4"]),
        &row(["2", "bob", "2", "2", "5", "11", "2"]),
        &row(["3=", "carol", "1", "1", "6", "10", "0"]),
        "</tbody>\n</table></div>\n<p>Well played.</p>\n",
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn a_crosstable_becomes_a_table_whose_results_are_words() {
    let text = "  Pl  Player   R1     R2     R3     Pts  SOS\n   \
                1  alice    4+/b   2+/w   3+/b     3    4\n   \
                2  bob      3+/w   1-/b   4+/w     2    5";
    assert_eq!(
        body(text),
        "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>\
         <th class=\"num\">Pl</th><th>Player</th><th>R1</th><th>R2</th><th>R3</th>\
         <th class=\"num\">Pts</th><th class=\"num\">SOS</th></tr></thead>\n<tbody>\n\
         <tr><td class=\"num\">1</td><td>alice</td><td>4+/b</td><td>2+/w</td>\
         <td>3+/b</td><td class=\"num\">3</td><td class=\"num\">4</td></tr>\n\
         <tr><td class=\"num\">2</td><td>bob</td><td>3+/w</td><td>1-/b</td>\
         <td>4+/w</td><td class=\"num\">2</td><td class=\"num\">5</td></tr>\n\
         </tbody>\n</table></div>\n"
    );
}

#[test]
fn single_space_gutters_part_columns_when_every_line_has_them() {
    let text = "  Player       Rank Rating Rated   W-L Act\n  \
                alice          3k   1812     4   3-1   2\n  \
                bob             ?    100     0   0-0   1";
    assert_eq!(
        body(text),
        "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>\
         <th>Player</th><th>Rank</th><th class=\"num\">Rating</th>\
         <th class=\"num\">Rated</th><th class=\"num\">W-L</th>\
         <th class=\"num\">Act</th></tr></thead>\n<tbody>\n\
         <tr><td>alice</td><td>3k</td><td class=\"num\">1812</td>\
         <td class=\"num\">4</td><td class=\"num\">3-1</td><td class=\"num\">2</td></tr>\n\
         <tr><td>bob</td><td>?</td><td class=\"num\">100</td>\
         <td class=\"num\">0</td><td class=\"num\">0-0</td><td class=\"num\">1</td></tr>\n\
         </tbody>\n</table></div>\n"
    );
}

#[test]
fn a_cell_with_a_space_stays_whole_when_the_header_crosses_it() {
    let text = "  Player   Strength    Games\n  \
                alice    3k (1812)       4\n  \
                bob      2d (2250)      12";
    assert_eq!(
        body(text),
        "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>\
         <th>Player</th><th>Strength</th><th class=\"num\">Games</th></tr></thead>\n\
         <tbody>\n<tr><td>alice</td><td>3k (1812)</td><td class=\"num\">4</td></tr>\n\
         <tr><td>bob</td><td>2d (2250)</td><td class=\"num\">12</td></tr>\n\
         </tbody>\n</table></div>\n"
    );
    // A header that names no column over `(1812)` makes no table.
    let unnamed = "  Player   Rk          Games\n  \
                   alice    3k (1812)       4\n  \
                   bob      2d (2250)      12";
    assert_eq!(body(unnamed), format!("<pre>{unnamed}</pre>\n"));
}

#[test]
fn cells_are_escaped() {
    let text = "  Name     Note    Pts\n  <b>&co   a>b       1½";
    assert_eq!(
        body(text),
        "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>\
         <th>Name</th><th>Note</th><th class=\"num\">Pts</th></tr></thead>\n<tbody>\n\
         <tr><td>&lt;b&gt;&amp;co</td><td>a&gt;b</td><td class=\"num\">1½</td></tr>\n\
         </tbody>\n</table></div>\n"
    );
}

#[test]
fn blocks_that_are_not_tables_stay_preformatted() {
    let blocks = [
        // A command to copy, and two.
        "    challenge bob",
        "    move game1 D4\n    move game2 Q16",
        // Commands to copy after what they do: no column of numbers.
        "    To accept:      done game1#1\n    To play on:     resume game1",
        // A count: no header of words in columns.
        "    Counting: area\n    Black: 3 = 3\n    White: 0.5",
        // A line across the columns leaves a header cell empty.
        "  Player       Rank Rating Act Last seen\n  \
         bob            2k   1905   1 2026-11-22\n    time zone Europe/Berlin",
        // Columns a single space apart only.
        "  Game Moves Days\n  game1 12 3",
        // Numbers in the header.
        "  1  2  3\n  4  5  6",
    ];
    for text in blocks {
        assert_eq!(body(text), format!("<pre>{}</pre>\n", super::escape(text)));
    }
    let board = "    A B C\n 3  . . .  3\n 2  . X .  2\n 1  . . .  1\n    A B C";
    assert_eq!(body(board), format!("<pre class=\"board\">{board}</pre>\n"));
}

#[test]
fn web_addresses_in_prose_are_links_to_themselves() {
    let out = body("game7: alice against bob\nWhole game: https://go.example.org/games/game7.html");
    assert_eq!(
        out,
        "<p>game7: alice against bob<br>\nWhole game: \
         <a href=\"https://go.example.org/games/game7.html\">\
         https://go.example.org/games/game7.html</a></p>\n"
    );
    // The punctuation after it is not part of it; quotes and items link too.
    assert_eq!(
        body("See (http://a.example/x?a=1&b=<2>), then http://b.example."),
        "<p>See (<a href=\"http://a.example/x?a=1&amp;b=\">http://a.example/x?a=1&amp;b=</a>\
         &lt;2&gt;), then <a href=\"http://b.example\">http://b.example</a>.</p>\n"
    );
    assert_eq!(
        body("> look: https://x.example/a\n\n- https://y.example/b"),
        "<blockquote><p>look: <a href=\"https://x.example/a\">https://x.example/a</a></p></blockquote>\n\
         <ul>\n<li><a href=\"https://y.example/b\">https://y.example/b</a></li>\n</ul>\n"
    );
}

#[test]
fn other_schemes_and_words_are_not_links() {
    for text in [
        "javascript:alert(1) and ftp://x.example/a",
        "shttps://x.example/a and xhttp://y.example",
        "just http:// alone, or http and https words",
        "\"https://x.example/\" is quoted: https\"://no",
    ] {
        let out = body(text);
        let linked = out.matches("<a ").count();
        let want = usize::from(text.starts_with('"'));
        assert_eq!(linked, want, "{out}");
        assert!(!out.contains("href=\"javascript"), "{out}");
    }
    let out = body("\"https://x.example/\" is quoted");
    assert!(
        out.contains("&quot;<a href=\"https://x.example/\">https://x.example/</a>&quot;"),
        "{out}"
    );
}

#[test]
fn addresses_in_laid_out_lines_stay_text() {
    let out = body("    https://x.example/a");
    assert_eq!(out, "<pre>    https://x.example/a</pre>\n");
}
