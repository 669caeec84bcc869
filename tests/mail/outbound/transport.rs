//! Transports: files, SMTP to a loopback sink, a fake sendmail.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use pbmgo::mail::outbound::render;
use pbmgo::mailbox::transport::{
    Envelope, FileTransport, SendmailTransport, SmtpConfig, SmtpTransport, Tls, Transport,
    TransportError,
};

use super::{date, reply, server};
use crate::common::smtp_sink::{SmtpSink, Stage};

fn envelope(from: &str) -> Envelope {
    Envelope {
        from: from.into(),
        to: vec!["alice@example.net".into()],
    }
}

fn raw() -> Vec<u8> {
    render(&reply(), &server(), date()).unwrap()
}

/// Lines starting with a dot, and a lone dot, to exercise dot-stuffing.
fn dotted_raw() -> Vec<u8> {
    let mail = pbmgo::mail::outbound::OutboundMail {
        text: ".leading dot\n..two dots\n.\nend\n".into(),
        html: None,
        attachments: Vec::new(),
        ..reply()
    };
    render(&mail, &server(), date()).unwrap()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn file_transport_writes_one_file_per_message_id() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("outbox");
    let files = FileTransport::new(&out);
    files
        .send(&envelope(""), b"first\r\n", "1.a@example.org")
        .unwrap();
    assert_eq!(files_in(&out), ["1.a@example.org.eml"]);
    // The same id again replaces the file: a retried send is harmless.
    files
        .send(&envelope(""), b"second\r\n", "1.a@example.org")
        .unwrap();
    assert_eq!(files_in(&out), ["1.a@example.org.eml"]);
    assert_eq!(
        fs::read(files.path_for("1.a@example.org")).unwrap(),
        b"second\r\n"
    );
    files
        .send(&envelope(""), &raw(), "2.a@example.org")
        .unwrap();
    assert_eq!(
        files_in(&out),
        ["1.a@example.org.eml", "2.a@example.org.eml"]
    );
    assert_eq!(fs::read(out.join("2.a@example.org.eml")).unwrap(), raw());
}

#[test]
fn file_transport_keeps_hostile_ids_inside_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let files = FileTransport::new(dir.path());
    files
        .send(&envelope(""), b"x\r\n", "../../escape@x")
        .unwrap();
    files
        .send(&envelope(""), b"y\r\n", "..\u{0}/.hidden@x")
        .unwrap();
    let names = files_in(dir.path());
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| !n.starts_with('.') && n.ends_with(".eml")),
        "{names:?}"
    );
    assert!(files.path_for("../../escape@x").starts_with(dir.path()));
}

#[test]
fn file_transport_reports_io_errors_as_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-dir");
    fs::write(&blocker, "").unwrap();
    let err = FileTransport::new(&blocker)
        .send(&envelope(""), b"x", "1@x")
        .unwrap_err();
    assert!(matches!(err, TransportError::Io { .. }), "{err:?}");
    assert!(!err.is_permanent());
}

fn smtp(port: u16) -> SmtpTransport {
    SmtpTransport::new(&SmtpConfig {
        host: "127.0.0.1".into(),
        port,
        tls: Tls::None,
        user: String::new(),
        password: None,
        ca_file: None,
        helo_name: Some("pbmgo.test".into()),
        timeout: Duration::from_secs(5),
    })
    .unwrap()
}

#[test]
fn smtp_delivers_the_exact_bytes_with_the_envelope() {
    let sink = SmtpSink::start();
    let raw = dotted_raw();
    smtp(sink.port())
        .send(&envelope("bounces@example.org"), &raw, "x@y")
        .unwrap();
    let got = sink.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].from, "bounces@example.org");
    assert_eq!(got[0].to, ["alice@example.net"]);
    // lettre ends the data with CRLF before the final dot.
    assert_eq!(got[0].data.strip_suffix(b"\r\n").unwrap(), raw.as_slice());
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.contains("\r\n.leading dot\r\n..two dots\r\n.\r\nend"),
        "{text}"
    );
}

#[test]
fn smtp_sends_the_null_sender_and_big_attachments() {
    let sink = SmtpSink::start();
    let raw = raw();
    smtp(sink.port()).send(&envelope(""), &raw, "x@y").unwrap();
    let got = sink.received();
    assert_eq!(got[0].from, "");
    assert_eq!(got[0].data.strip_suffix(b"\r\n").unwrap(), raw.as_slice());
}

#[test]
fn smtp_4xx_is_temporary_and_5xx_permanent() {
    let cases = [
        (Stage::Rcpt, 451, false),
        (Stage::Rcpt, 550, true),
        (Stage::Data, 452, false),
        (Stage::Data, 554, true),
    ];
    for (stage, code, permanent) in cases {
        let sink = SmtpSink::start();
        sink.refuse(stage, code);
        let err = smtp(sink.port())
            .send(&envelope("b@example.org"), &raw(), "x@y")
            .unwrap_err();
        assert!(matches!(err, TransportError::Smtp { .. }), "{err:?}");
        assert_eq!(err.is_permanent(), permanent, "{stage:?} {code}: {err}");
        assert!(err.to_string().contains(&code.to_string()), "{err}");
        assert!(sink.received().is_empty());
    }
}

#[test]
fn smtp_connection_refused_is_temporary() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let err = smtp(port).send(&envelope(""), &raw(), "x@y").unwrap_err();
    assert!(!err.is_permanent(), "{err:?}");
}

#[test]
fn bad_envelope_addresses_are_permanent() {
    let sink = SmtpSink::start();
    let bad = Envelope {
        from: String::new(),
        to: vec!["alice@example.net>\r\nRCPT TO:<x@y".into()],
    };
    let err = smtp(sink.port()).send(&bad, &raw(), "x@y").unwrap_err();
    assert!(matches!(err, TransportError::BadAddress(_)));
    assert!(err.is_permanent());
    let nobody = Envelope {
        from: String::new(),
        to: Vec::new(),
    };
    assert!(
        smtp(sink.port())
            .send(&nobody, &raw(), "x@y")
            .unwrap_err()
            .is_permanent()
    );
}

/// Writes an executable shell script; returns its path.
fn script(dir: &Path, body: &str) -> std::path::PathBuf {
    let path = dir.join("sendmail");
    fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Sends, retrying while another test thread's fork still holds the fresh
/// script open for writing (ETXTBSY): nothing has run in that case.
fn send_retrying(t: &SendmailTransport, env: &Envelope, raw: &[u8]) -> Result<(), TransportError> {
    for _ in 0..20 {
        match t.send(env, raw, "x@y") {
            Err(TransportError::Sendmail(m)) if m.contains("busy") => {
                std::thread::sleep(Duration::from_millis(50))
            }
            other => return other,
        }
    }
    t.send(env, raw, "x@y")
}

#[test]
fn sendmail_gets_the_bytes_on_stdin_and_the_envelope_in_argv() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    let cmd = script(
        dir.path(),
        &format!("printf '%s\\n' \"$@\" > '{d}/argv'\ncat > '{d}/stdin'\n"),
    );
    let raw = raw();
    send_retrying(
        &SendmailTransport::new(&cmd),
        &envelope("bounces@example.org"),
        &raw,
    )
    .unwrap();
    assert_eq!(fs::read(dir.path().join("stdin")).unwrap(), raw);
    let argv = fs::read_to_string(dir.path().join("argv")).unwrap();
    assert_eq!(
        argv.lines().collect::<Vec<_>>(),
        ["-i", "-f", "bounces@example.org", "--", "alice@example.net"]
    );
}

#[test]
fn sendmail_failure_is_a_temporary_error_with_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(
        dir.path(),
        "cat > /dev/null\necho 'queue is full' >&2\nexit 75\n",
    );
    let err = send_retrying(&SendmailTransport::new(&cmd), &envelope(""), &raw()).unwrap_err();
    assert!(
        matches!(&err, TransportError::Sendmail(m) if m.contains("queue is full")),
        "{err:?}"
    );
    assert!(!err.is_permanent());
    let missing = SendmailTransport::new(dir.path().join("missing"));
    assert!(matches!(
        missing.send(&envelope(""), &raw(), "x@y"),
        Err(TransportError::Sendmail(_))
    ));
}
