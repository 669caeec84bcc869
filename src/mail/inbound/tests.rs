//! Unit tests of inbound parsing: headers, bodies, charsets and the fallbacks.

use super::*;

fn mail(raw: &str) -> InboundMail {
    match parse(raw.as_bytes()) {
        Ok(mail) => mail,
        Err(e) => panic!("{e}: {raw}"),
    }
}

#[test]
fn normalizes_addresses() {
    let cases = [
        ("Alice <Alice@Example.ORG>", Some("alice@example.org")),
        ("  bob@example.net ", Some("bob@example.net")),
        ("\"Doe, J\" <j+go@x.example>", Some("j+go@x.example")),
        (
            "<MAILER-DAEMON@mx.example>",
            Some("mailer-daemon@mx.example"),
        ),
        ("no-at-sign", None),
        ("two@at@signs.example", None),
        ("@example.org", None),
        ("alice@", None),
        ("al ice@example.org", None),
        ("alice@exa\u{7}mple.org", None),
        ("", None),
        ("<>", None),
        // Only ASCII letters fold: a Kelvin sign is not a K.
        ("\u{212A}ate@Example.org", Some("\u{212A}ate@example.org")),
        ("\u{130}vy@example.org", Some("\u{130}vy@example.org")),
    ];
    for (input, expected) in cases {
        assert_eq!(normalize_address(input).as_deref(), expected, "{input:?}");
    }
}

#[test]
fn empty_and_headerless_input_is_an_error() {
    assert_eq!(parse(b""), Err(InboundError::Empty));
    assert_eq!(parse(b" \r\n\t"), Err(InboundError::Empty));
    assert!(parse(b"\r\n\r\njust a body").is_err());
}

#[test]
fn reads_headers() {
    let m = mail(
        "Return-Path: <>\r\nFrom: =?UTF-8?Q?Zo=C3=AB?=\r\n <Zoe@Example.JP>\r\n\
         To: a@x.example, B <b@Y.example>, undisclosed-recipients:;\r\n\
         Message-ID:  < id-1@x.example >\r\nReferences: <a@x> <b@x>\r\nIn-Reply-To: <b@x>\r\n\
         Subject: =?UTF-8?B?TW92ZQ==?=\r\n game1\r\nAuto-Submitted: Auto-Replied \r\n\
         Precedence: BULK\r\nList-Unsubscribe: <mailto:x@y>\r\n\r\nbody\r\n",
    );
    assert_eq!(m.return_path.as_deref(), Some(""));
    assert_eq!(m.from.as_deref(), Some("zoe@example.jp"));
    assert_eq!(m.from_name.as_deref(), Some("Zoë"));
    assert_eq!(m.from_count, 1);
    assert_eq!(m.to, ["a@x.example", "b@y.example"]);
    assert_eq!(m.message_id.as_deref(), Some("id-1@x.example"));
    assert_eq!(m.references, ["a@x", "b@x"]);
    assert_eq!(m.in_reply_to.as_deref(), Some("b@x"));
    assert_eq!(m.subject, "Move game1");
    assert_eq!(m.auto_submitted.as_deref(), Some("auto-replied"));
    assert_eq!(m.precedence.as_deref(), Some("bulk"));
    assert!(m.has_list_headers);
    assert_eq!(m.text, "body\n");
    assert_eq!((m.content_hash.len(), m.words_hash.len()), (64, 64));
}

#[test]
fn several_or_unparsable_from_addresses_give_no_sender() {
    let two = mail("From: a@x.example, b@x.example\r\n\r\nhi\r\n");
    assert_eq!((two.from, two.from_count), (None, 2));
    let twice = mail("From: a@x.example\r\nFrom: b@x.example\r\n\r\nhi\r\n");
    assert_eq!((twice.from, twice.from_count), (None, 2));
    let junk = mail("From: just a name\r\n\r\nhi\r\n");
    assert_eq!(junk.from, None);
    let missing = mail("Subject: hi\r\n\r\nhi\r\n");
    assert_eq!((missing.from, missing.from_count), (None, 0));
}

#[test]
fn display_names_lose_control_characters() {
    let m = mail("From: \"Eve\\\r\n\t Evil\" <eve@x.example>\r\n\r\nhi\r\n");
    assert_eq!(m.from_name.as_deref(), Some("Eve Evil"));
}

#[test]
fn return_path_forms() {
    assert_eq!(mail("Subject: x\r\n\r\n.").return_path, None);
    let rp = mail("Return-Path: <Bounce+1@X.example>\r\n\r\n.").return_path;
    assert_eq!(rp.as_deref(), Some("bounce+1@x.example"));
    let daemon = mail("Return-Path: <MAILER-DAEMON>\r\n\r\n.").return_path;
    assert_eq!(daemon.as_deref(), Some("mailer-daemon"));
}

#[test]
fn text_prefers_plain_and_falls_back_to_html() {
    let alt = "Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\n\
               Content-Type: text/html\r\n\r\n<p>html</p>\r\n--b\r\n\
               Content-Type: text/plain\r\n\r\nplain\r\nline\r\n--b--\r\n";
    assert_eq!(mail(alt).text, "plain\nline");
    let html =
        "Content-Type: text/html\r\n\r\n<div>move 1 c3</div><blockquote>move 1 d4</blockquote>";
    assert_eq!(mail(html).text, "move 1 c3\n> move 1 d4");
    assert_eq!(mail("Subject: x\r\n\r\na\rb\r\n").text, "a\nb\n");
    let blank_plain = alt.replace("plain\r\nline", " ");
    assert_eq!(mail(&blank_plain).text, "html");
}

#[test]
fn bad_charsets_degrade_to_lossy_text() {
    let raw = b"Content-Type: text/plain; charset=no-such-charset\r\n\r\nCaf\xe9\r\n";
    let m = parse(raw).map(|m| m.text);
    assert_eq!(m.as_deref(), Ok("Caf\u{fffd}\n"));
}

#[test]
fn delivery_status_parts_mark_a_dsn() {
    let report = "Content-Type: multipart/report; report-type=\"Delivery-Status\"; boundary=b\r\n\r\n\
                  --b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b--\r\n";
    assert!(mail(report).is_dsn);
    let part = "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\
                Content-Type: message/delivery-status\r\n\r\nAction: failed\r\n--b--\r\n";
    assert!(mail(part).is_dsn);
    let mdn = "Content-Type: multipart/report; report-type=disposition-notification; boundary=b\r\n\r\n\
               --b\r\nContent-Type: text/plain\r\n\r\nread\r\n--b--\r\n";
    assert!(!mail(mdn).is_dsn);
}

#[test]
fn nested_rfc822_that_trips_mail_parser_is_an_error_not_a_crash() {
    let raw = "Content-Type: multipart/alternative; boundary=c\r\n\r\n\r\n--c\r\n\
               Content-Type: multipart/mixed; boundary=b\r\nContent-Type: message/rfc822\r\n\
               --c--Content-Type: multipart/mixed; boundary=b\r\n\r\n\
               Content-Type: message/rfc822\r\n\r\n\r\n--c--";
    let result = parse(raw.as_bytes());
    assert!(result.is_ok() || result == Err(InboundError::ParserFailed));
}
