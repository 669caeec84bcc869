//! The tests of `textpart`.

use super::*;

#[test]
fn a_part_around_the_stylesheet_is_encoded_as_the_whole_part() {
    use crate::mail::style::STYLE_QP;
    let head = "<head>\n<title>Ünïcode = title</title>\n<style>\n";
    let long = "y".repeat(150);
    for tail in [
        "</style>\n<p>plain</p>\n".to_owned(),
        format!("</style>\n<pre>{long} \t</pre>\n=3D é\n"),
        "</style>\n".to_owned() + &"☃".repeat(3000),
    ] {
        let whole = encoded(&format!("{head}{STYLE}{tail}"));
        match around_style(head, &tail) {
            Some((h, t)) => {
                assert_eq!(whole.encoding(), ContentTransferEncoding::QuotedPrintable);
                assert_eq!([h.as_slice(), STYLE_QP, &t].concat(), whole.as_ref());
            }
            None => assert_ne!(whole.encoding(), ContentTransferEncoding::QuotedPrintable),
        }
    }
    assert!(
        around_style("<p>", "</p>").is_none(),
        "a head that ends no line"
    );
}

#[test]
fn text_parts_are_encoded_as_lettre_encodes_them() {
    let long = "x".repeat(120);
    let mut texts = vec![
        String::new(),
        "plain\ntext\n".into(),
        "\nstarts with a line end\n\n".into(),
        format!("a long line {long}\nthen short\n"),
        "ünïcödé text\n".repeat(30),
        "☃☃☃☃☃☃☃☃☃☃☃☃☃☃☃☃\n".repeat(5),
        format!("=3D <pre>{long}</pre> \t trailing \n"),
        format!("{} \n{}\t\n", "y".repeat(75), "z".repeat(74)),
        format!("{}é{}=\n", "a".repeat(73), "b".repeat(80)),
    ];
    for n in 70..80 {
        texts.push(format!("{} é\n{}=\t \n", "c".repeat(n), "d".repeat(n + 3)));
    }
    for text in texts {
        let ours = encoded(&text);
        let theirs = Body::new(text.clone());
        assert_eq!(ours.encoding(), theirs.encoding(), "{text:?}");
        assert_eq!(
            String::from_utf8_lossy(ours.as_ref()),
            String::from_utf8_lossy(theirs.as_ref()),
            "{text:?}"
        );
    }
}

#[test]
fn lf_text_is_encoded_as_the_crate_encodes_it_with_crlf() {
    // Every mix of plain bytes, `=`, spaces, tabs, multibyte text and
    // line ends around the line limit, from a fixed pseudo-random walk.
    let pieces: [&str; 9] = ["a", "bc", "=", " ", "\t", "é", "☃", "\n", "xyz<p>"];
    let mut state: u32 = 7;
    for _ in 0..300 {
        let mut text = String::new();
        while text.len() < 400 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let piece = pieces[(state >> 16) as usize % pieces.len()];
            let times = 1 + (state >> 8) as usize % 40;
            text.push_str(&piece.repeat(if piece == "\n" { 1 } else { times }));
        }
        let crlf_text = crlf(&text);
        assert_eq!(
            quoted_printable_lf(text.as_bytes()),
            quoted_printable::encode(&crlf_text),
            "{text:?}"
        );
    }
}

#[test]
fn the_choice_of_encoding_is_lettres_and_the_runs_end_where_they_should() {
    let mut texts: Vec<Vec<u8>> = vec![Vec::new(), b"a".to_vec()];
    for n in 70..80 {
        texts.push(format!("{}\n{}", "x".repeat(n), "y".repeat(n)).into_bytes());
        texts.push(format!("{}\n", "é".repeat(n / 3)).into_bytes());
        texts.push(format!("{}{}\n", "é".repeat(n / 4), "b".repeat(n)).into_bytes());
    }
    for b in 0..=255u8 {
        for at in 0..17 {
            let mut t = vec![b'a'; 17];
            t[at] = b;
            texts.push(t.clone());
            t.extend(std::iter::repeat_n(0x80, 5));
            texts.push(t);
        }
    }
    for t in &texts {
        if let Ok(text) = std::str::from_utf8(t) {
            let theirs = Encoding::choose(text, false);
            assert_eq!(choose(text), theirs, "{t:?}");
        }
        let plain = t.iter().position(|&c| needs_encoding(c)).unwrap_or(t.len());
        assert_eq!(plain_prefix(t), plain, "{t:?}");
        let counted = t
            .iter()
            .filter(|&&c| !(c == b'\t' || (b' '..=b'~').contains(&c)))
            .count();
        assert_eq!(escaped_count(t), counted, "{t:?}");
    }
}

#[test]
fn quoted_printable_matches_the_crate_on_crlf_text() {
    let samples = [
        &b"line one \r\nline two\t\r\n=\r\n\r"[..],
        b"\r\r\n\xc3\xa9\xff\x00 end \r\n",
        b"",
    ];
    for s in samples {
        assert_eq!(quoted_printable(s), quoted_printable::encode(s), "{s:?}");
    }
}
