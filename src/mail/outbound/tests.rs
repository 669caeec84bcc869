//! Tests of the parts of outbound rendering that are not visible from a
//! whole mail: ids, references, boundaries, file names and clean bodies.

use super::headers::*;
use super::parts::*;
use super::types::MAX_REFERENCES;
use super::*;

#[test]
fn clean_body_keeps_clean_text_and_cleans_the_rest_as_before() {
    let slow = |t: &str| -> String {
        let t = t.replace("\r\n", "\n").replace('\r', "\n");
        t.chars()
            .filter(|&c| !c.is_control() || c == '\n' || c == '\t')
            .collect()
    };
    for t in [
        "plain\ttext\nline é ü ☃ \u{a0}\u{a0}x",
        "cr\r\nlf\rcr",
        "nul\0 bell\u{7} del\u{7f} c1\u{85}\u{9f} not c1 \u{a0}\u{100}",
        "",
    ] {
        assert_eq!(clean_body(t), slow(t), "{t:?}");
    }
    assert!(!has_control("é\u{a0}\t\n".as_bytes()));
    assert!(has_control("\u{80}".as_bytes()));
}

#[test]
fn bare_id_accepts_ids_with_or_without_brackets() {
    assert_eq!(bare_id("<a.b@c>"), Some("a.b@c"));
    assert_eq!(bare_id(" a@c "), Some("a@c"));
    let bad = [
        "",
        "a",
        "@c",
        "a@",
        "a b@c",
        "a@c\r\nBcc: x@y",
        "a@b@c",
        "<a@c",
    ];
    for id in bad {
        assert_eq!(bare_id(id), None, "{id:?}");
    }
}

#[test]
fn references_keep_the_root_and_the_latest() {
    let ids: Vec<String> = (0..30).map(|i| format!("{i}@x")).collect();
    let refs = references(&ids, Some("parent@x")).unwrap();
    let kept: Vec<&str> = refs.split(' ').collect();
    assert_eq!(kept.len(), MAX_REFERENCES);
    assert_eq!(kept[..2], ["<0@x>", "<12@x>"]);
    assert_eq!(kept[MAX_REFERENCES - 1], "<parent@x>");
    assert_eq!(references(&["bad id".into()], None), None);
}

#[test]
fn the_boundary_key_comes_from_the_id_and_avoids_the_text() {
    let mail = |text: String| {
        OutboundMail::plain(
            "a@b.org",
            "s".into(),
            text,
            "1.x@b.org".into(),
            AUTO_REPLIED,
        )
    };
    let key = boundary_key(&mail("hello".into()));
    assert_eq!(key.len(), 32);
    assert_eq!(
        boundary_key(&mail("other words".into())),
        key,
        "only the id"
    );
    let other = OutboundMail {
        message_id: "2.x@b.org".into(),
        ..mail("hello".into())
    };
    assert_ne!(boundary_key(&other), key, "another id, another key");
    let written = mail(format!("--=_pbmgo_alt_{key}\n"));
    let drawn_again = boundary_key(&written);
    assert_ne!(drawn_again, key, "a text holding the key gets another");
    assert!(!holds(&written, &drawn_again));
    let raw = String::from_utf8(render(&written, &identity(), date()).unwrap()).unwrap();
    assert!(raw.contains(&format!("=_pbmgo_alt_{drawn_again}")));
}

fn identity() -> Identity {
    Identity {
        address: "go@b.org".into(),
        name: "Go".into(),
    }
}

fn date() -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap()
}

#[test]
fn file_names_lose_paths_and_quotes() {
    assert_eq!(file_name("../../etc/passwd"), "_.._etc_passwd");
    assert_eq!(file_name("a\"b\r\n.sgf"), "a_b .sgf");
    assert_eq!(file_name("\r\n"), "attachment");
}

/// An inline picture `id` whose lines are `base64` (empty: made from the PNG).
fn image(id: &str, base64: &[u8]) -> InlineImage {
    InlineImage {
        content_id: id.into(),
        shows: "board".into(),
        alt: "alt".into(),
        caption: "caption".into(),
        letters: "letters".into(),
        filename: "game1.png".into(),
        width: 2,
        height: 2,
        png: b"\x89PNG not really, but bytes".as_slice().into(),
        base64: base64.into(),
    }
}

#[test]
fn a_mail_rendered_apart_is_the_mail_rendered_whole() {
    let mut mail = OutboundMail::plain(
        "a@b.org",
        "s".into(),
        "news\n\nboard\n".into(),
        "1.x@b.org".into(),
        AUTO_REPLIED,
    );
    mail.rejected_codes = vec!["bad-command".into()];
    let lines = crate::mail::inline::encoded(&[7; 300]);
    mail.inline_images = vec![image("p1@b.org", &lines), image("p2@b.org", b"")];
    let whole = render(&mail, &identity(), date()).unwrap();
    let apart = render_apart(&mail, &identity(), date()).unwrap().unwrap();
    assert_eq!(apart.pictures.len(), 2);
    let mut put = Vec::new();
    let mut from = 0;
    for (at, _, data) in &apart.pictures {
        put.extend_from_slice(&apart.rest[from..*at]);
        put.extend_from_slice(data);
        from = *at;
    }
    put.extend_from_slice(&apart.rest[from..]);
    assert_eq!(
        String::from_utf8(put).unwrap(),
        String::from_utf8(whole).unwrap()
    );
    assert_eq!(&*apart.pictures[0].2, lines.as_slice());
    mail.inline_images.push(image("p1@b.org", &lines));
    assert!(
        render_apart(&mail, &identity(), date()).unwrap().is_none(),
        "one id twice"
    );
    mail.inline_images.clear();
    assert!(
        render_apart(&mail, &identity(), date()).unwrap().is_none(),
        "no picture"
    );
}
