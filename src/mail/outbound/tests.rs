//! Tests of the parts of outbound rendering that are not visible from a
//! whole mail: ids, references, boundaries, file names and clean bodies.

use super::headers::*;
use super::parts::*;
use super::types::{MAX_REFERENCES, MAX_SUBJECT_CHARS};
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
    assert_eq!(apart.pictures.len(), 3, "the stylesheet and two pictures");
    assert_eq!(&*apart.pictures[0].2, crate::mail::style::STYLE_QP);
    assert!(apart.pictures[0].1.starts_with("style."));
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
    assert_eq!(&*apart.pictures[1].2, lines.as_slice());
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

/// The mail as lettre's `MessageBuilder` and `MultiPart` tree rendered it
/// before `mime` wrote it by hand: the reference its bytes are held to.
fn lettre_render(mail: &OutboundMail, from: &Identity, date: DateTime<Utc>) -> Vec<u8> {
    use crate::mail::alternative::{Picture, html_with};
    use lettre::message::header::{self, ContentTransferEncoding, ContentType, HeaderName};
    use lettre::message::{Attachment as MimeAttachment, Body, Mailbox, MultiPart, SinglePart};
    let mailbox = |address: &str, name: Option<&str>| {
        let name = name.map(clean).filter(|n| !n.is_empty());
        Mailbox::new(name, address.trim().parse().unwrap())
    };
    let id = bare_id(&mail.message_id).unwrap();
    let mut builder = lettre::Message::builder()
        .from(mailbox(&from.address, Some(&from.name)))
        .to(mailbox(&mail.to, mail.to_name.as_deref()))
        .subject(clean_header_text(&mail.subject, MAX_SUBJECT_CHARS))
        .header(header::Date::new(std::time::SystemTime::from(date)))
        .message_id(Some(format!("<{id}>")));
    let parent = mail.in_reply_to.as_deref().and_then(bare_id);
    if let Some(parent) = parent {
        builder = builder.in_reply_to(format!("<{parent}>"));
    }
    if let Some(refs) = references(&mail.references, parent) {
        builder = builder.references(refs);
    }
    if let Some(reply_to) = mail.reply_to.as_deref() {
        builder = builder.reply_to(mailbox(reply_to, Some(&from.name)));
    }
    let raw = |name: &'static str, value: &str| {
        lettre::message::header::HeaderValue::new(
            HeaderName::new_from_ascii_str(name),
            clean(value),
        )
    };
    builder = builder.raw_header(raw("Auto-Submitted", mail.auto_submitted));
    if let Some(game) = mail.game.as_deref().filter(|g| !clean(g).is_empty()) {
        builder = builder.raw_header(raw("X-Pbmgo-Game", game));
    }
    let hash = boundary_key(mail);
    let (text, _) = texts(mail);
    let html = match &mail.html {
        Some(html) => html.clone(),
        None => {
            let pictures: Vec<Picture<'_>> = mail
                .inline_images
                .iter()
                .map(|i| Picture {
                    src: format!("cid:{}", i.content_id),
                    shows: &i.shows,
                    alt: &i.alt,
                    caption: &i.caption,
                    letters: &i.letters,
                    width: i.width,
                    height: i.height,
                })
                .collect();
            let laid_out: Vec<&str> = mail.laid_out.iter().map(String::as_str).collect();
            html_with(&mail.text, &mail.subject, &laid_out, &pictures)
        }
    };
    let html = crate::mail::textpart::encoded(&clean_body(&html));
    let alternative = MultiPart::alternative()
        .boundary(format!("=_pbmgo_alt_{hash}"))
        .singlepart(SinglePart::plain(text));
    let html = SinglePart::html(html);
    let readable = match mail.inline_images.is_empty() {
        true => alternative.singlepart(html),
        false => {
            let mut part = MultiPart::related()
                .boundary(format!("=_pbmgo_rel_{hash}"))
                .singlepart(html);
            for image in &mail.inline_images {
                let body =
                    Body::new_with_encoding(image.png.to_vec(), ContentTransferEncoding::Base64)
                        .unwrap();
                let png = ContentType::parse("image/png").unwrap();
                let file = MimeAttachment::new_inline_with_name(
                    image.content_id.clone(),
                    image.filename.clone(),
                )
                .body(body, png);
                part = part.singlepart(file);
            }
            alternative.multipart(part)
        }
    };
    let body = match mail.attachments.is_empty() {
        true => readable,
        false => {
            let mut parts = MultiPart::mixed()
                .boundary(format!("=_pbmgo_mix_{hash}"))
                .multipart(readable);
            for file in &mail.attachments {
                parts = parts.singlepart(attachment(file).unwrap());
            }
            parts
        }
    };
    let mut out = rejected_headers(&mail.rejected_codes);
    out.extend_from_slice(&builder.multipart(body).unwrap().formatted());
    out
}

#[test]
fn mails_are_written_as_lettre_wrote_them() {
    let mut mail = OutboundMail::plain(
        "a@b.org",
        "A subject".into(),
        "news\n\nboard\n".into(),
        "1.x@b.org".into(),
        AUTO_REPLIED,
    );
    let same = |mail: &OutboundMail, what: &str| {
        let want = String::from_utf8(lettre_render(mail, &identity(), date())).unwrap();
        let got = String::from_utf8(render(mail, &identity(), date()).unwrap()).unwrap();
        assert_eq!(got, want, "{what}");
    };
    same(&mail, "plain");
    mail.to_name = Some("Zoë Ölund-Smith, \"the\" player of a very long name indeed".into());
    mail.subject = format!("[game12] Über {} ☃ and more words", "long ".repeat(20));
    mail.text = format!(
        "Ünïcödé {}\n\n{}\n",
        "é".repeat(200),
        "= trailing ".repeat(30)
    );
    mail.in_reply_to = Some("<p.1@x.org>".into());
    mail.references = vec!["r.0@x.org".into(), "bad id".into()];
    mail.reply_to = Some("go+token@b.org".into());
    mail.game = Some("game12".into());
    mail.rejected_codes = vec!["bad-command".into(), "too-late".into()];
    same(&mail, "every header");
    mail.inline_images = vec![
        image("board.12.abc@b.org", b""),
        image(&format!("board.{}@b.org", "ü".repeat(40)), b""),
    ];
    mail.inline_images[1].filename = "gämé 12 with a name much longer than most.png".into();
    same(&mail, "pictures");
    mail.attachments = vec![Attachment {
        filename: "game12.sgf".into(),
        content_type: "application/x-go-sgf".into(),
        body: b"(;GM[1]SZ[19])".to_vec(),
    }];
    same(&mail, "an attachment");
    mail.inline_images.clear();
    same(&mail, "an attachment, no picture");
    mail.text = "中文".repeat(300);
    mail.html = Some("<p>given</p>".into());
    same(&mail, "base64 text, given HTML");
}
