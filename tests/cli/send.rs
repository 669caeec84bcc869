//! Flushing the outbox through the real binary: `pbmgo send` with the file
//! transport and with SMTP to a local sink (delivery, temporary and
//! permanent refusals, giving up after `[send] give_up_after`), and the `--json`
//! listings `outbox list`, `message list` and `quarantine list`.
//!
//! Each test runs on its own temporary home with the clock pinned through
//! `PBMGO_NOW`; mail is queued with `pbmgo::store::outbox::enqueue`.

use crate::common::smtp_sink;

use std::path::PathBuf;

use assert_cmd::Command;
use chrono::{DateTime, Duration, Utc};
use pbmgo::store::messages::{self, NewMessage, Outcome};
use pbmgo::store::outbox::{self, NewMail};
use pbmgo::store::{DEFAULT_BUSY_TIMEOUT, Store, quarantine};
use serde_json::Value;
use smtp_sink::{SmtpSink, Stage};
use tempfile::TempDir;

const NOW: &str = "2026-11-22T12:00:00Z";

/// A temporary home and the binary run on it.
struct Home {
    dir: TempDir,
}

impl Home {
    fn new() -> Home {
        let h = Home {
            dir: tempfile::tempdir().unwrap(),
        };
        let out = h.cmd(&["init"], NOW).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        h
    }

    /// A home whose config sends by SMTP to `port` on 127.0.0.1.
    fn smtp(port: u16, extra_outbound: &str) -> Home {
        let h = Home::new();
        h.smtp_config(port, extra_outbound);
        h
    }

    fn smtp_config(&self, port: u16, extra_outbound: &str) {
        let config = format!(
            "[outbound]\ntransport = \"smtp\"\n{extra_outbound}\n\
             [outbound.smtp]\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n"
        );
        std::fs::write(self.path().join("pbmgo.toml"), config).unwrap();
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn store(&self) -> Store {
        Store::open(&self.path().join("pbmgo.sqlite3"), DEFAULT_BUSY_TIMEOUT).unwrap()
    }

    /// Queues a reply to `to` with Message-ID `id`; returns its bytes.
    fn enqueue(&self, id: &str, to: &str) -> Vec<u8> {
        let raw = mail(id, to);
        let new = NewMail {
            message_id: id,
            envelope_from: "pbmgo-bounces@example.org",
            recipient: to,
            kind: "reply",
            game_id: None,
            inbound_id: None,
            raw: &raw,
        };
        let mut store = self.store();
        store.write(|tx| outbox::enqueue(tx, &new, at(0))).unwrap();
        raw
    }

    fn cmd(&self, args: &[&str], now: &str) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
        c.arg("--home").arg(self.path()).args(args);
        c.env("PBMGO_NOW", now)
            .env_remove("PBMGO_HOME")
            .env_remove("PBMGO_SMTP_PASSWORD");
        c
    }

    /// Runs a command at `now` that must succeed; returns its stdout.
    fn ok_at(&self, args: &[&str], now: &str) -> String {
        let out = self.cmd(args, now).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?} failed: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        self.ok_at(args, NOW)
    }

    /// Runs `pbmgo send` `secs` seconds after NOW; returns its stdout.
    fn send_at(&self, secs: i64) -> String {
        self.ok_at(&["send"], &at(secs).to_rfc3339())
    }

    fn json(&self, args: &[&str]) -> Vec<Value> {
        let mut args = args.to_vec();
        args.push("--json");
        match serde_json::from_str(&self.ok(&args)).unwrap() {
            Value::Array(items) => items,
            other => panic!("{args:?}: not an array: {other}"),
        }
    }

    /// The outbox rows as `outbox list --json` shows them.
    fn outbox(&self) -> Vec<Value> {
        self.json(&["outbox", "list"])
    }

    /// The stored time of the next attempt of outbox row `id`.
    fn next_attempt(&self, id: i64) -> String {
        self.store()
            .conn()
            .query_row(
                "SELECT next_attempt_at FROM outbox WHERE id = ?1",
                [id],
                |r| r.get(0),
            )
            .unwrap()
    }
}

/// NOW plus `secs` seconds.
fn at(secs: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(NOW)
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(secs)
}

/// A small reply, with a line that SMTP must dot-stuff.
fn mail(id: &str, to: &str) -> Vec<u8> {
    format!(
        "From: pbmgo <pbmgo@example.org>\r\nTo: {to}\r\nSubject: Your move\r\n\
         Message-ID: <{id}>\r\nAuto-Submitted: auto-replied\r\n\r\n\
         It is your move.\r\n.a line with a leading dot\r\n"
    )
    .into_bytes()
}

/// Returns the Message-ID header of `raw`.
fn message_id(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let line = text.lines().find(|l| l.starts_with("Message-ID:")).unwrap();
    line["Message-ID:".len()..].trim().to_string()
}

fn field<'a>(row: &'a Value, name: &str) -> &'a Value {
    row.get(name)
        .unwrap_or_else(|| panic!("no field {name} in {row}"))
}

#[test]
fn file_transport_writes_eml_files_and_sends_once() {
    let h = Home::new();
    let a = h.enqueue("r1.abc@example.org", "alice@example.org");
    let b = h.enqueue("r2.abc@example.org", "bob@example.org");
    assert_eq!(h.ok(&["send"]), "Sent 2, to retry 0, failed 0.\n");
    let outbox = h.path().join("outbox");
    assert_eq!(
        std::fs::read(outbox.join("r1.abc@example.org.eml")).unwrap(),
        a
    );
    assert_eq!(
        std::fs::read(outbox.join("r2.abc@example.org.eml")).unwrap(),
        b
    );
    for row in h.outbox() {
        assert_eq!(field(&row, "status"), "sent", "{row}");
        assert_eq!(field(&row, "attempts"), 1, "{row}");
        assert_eq!(field(&row, "sent_at"), NOW, "{row}");
    }
    assert_eq!(h.ok(&["send"]), "Sent 0, to retry 0, failed 0.\n");
    assert_eq!(std::fs::read_dir(&outbox).unwrap().count(), 2);
}

#[test]
fn send_limit_sends_the_oldest_first() {
    let h = Home::new();
    h.enqueue("r1@example.org", "alice@example.org");
    h.enqueue("r2@example.org", "alice@example.org");
    assert_eq!(
        h.ok(&["send", "--limit", "1"]),
        "Sent 1, to retry 0, failed 0.\n"
    );
    let sent = h.json(&["outbox", "list", "--status", "sent"]);
    assert_eq!(sent.len(), 1);
    assert_eq!(field(&sent[0], "message_id"), "r1@example.org");
}

#[test]
fn smtp_delivers_the_stored_bytes_with_the_same_message_id() {
    let sink = SmtpSink::start();
    let h = Home::smtp(sink.port(), "");
    let raw = h.enqueue("r1.abc@example.org", "alice@example.org");
    assert_eq!(h.ok(&["send"]), "Sent 1, to retry 0, failed 0.\n");
    let got = sink.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].from, "pbmgo-bounces@example.org");
    assert_eq!(got[0].to, ["alice@example.org"]);
    // lettre ends the data with CRLF before the final dot.
    let data = got[0].data.strip_suffix(b"\r\n").unwrap();
    assert_eq!(data, raw.as_slice());
    assert_eq!(message_id(data), "<r1.abc@example.org>");
    assert_eq!(field(&h.outbox()[0], "status"), "sent");
}

#[test]
fn smtp_451_leaves_the_mail_pending_until_its_retry_time() {
    let sink = SmtpSink::start();
    sink.refuse(Stage::Rcpt, 451);
    let h = Home::smtp(sink.port(), "retry_seconds = 60");
    h.enqueue("r1@example.org", "alice@example.org");
    assert_eq!(h.send_at(0), "Sent 0, to retry 1, failed 0.\n");
    let row = &h.outbox()[0];
    assert_eq!(field(row, "status"), "pending");
    assert_eq!(field(row, "attempts"), 1);
    let error = field(row, "last_error").as_str().unwrap();
    assert!(error.contains("451"), "{error}");
    let id = field(row, "id").as_i64().unwrap();
    assert_eq!(h.next_attempt(id), "2026-11-22T12:01:00Z");
    // Not due yet: nothing is tried.
    assert_eq!(h.send_at(59), "Sent 0, to retry 0, failed 0.\n");
    assert!(sink.received().is_empty());
    // The relay is back (a new sink, as a refusing one stays refusing).
    let back = SmtpSink::start();
    h.smtp_config(back.port(), "retry_seconds = 60");
    assert_eq!(h.send_at(60), "Sent 1, to retry 0, failed 0.\n");
    let got = back.received();
    assert_eq!(got.len(), 1);
    assert_eq!(message_id(&got[0].data), "<r1@example.org>");
    let row = &h.outbox()[0];
    assert_eq!(
        (field(row, "status"), field(row, "attempts")),
        (&"sent".into(), &2.into())
    );
    assert_eq!(field(row, "last_error"), &Value::Null);
}

#[test]
fn smtp_550_fails_the_mail_at_once() {
    let sink = SmtpSink::start();
    sink.refuse(Stage::Data, 550);
    let h = Home::smtp(sink.port(), "");
    h.enqueue("r1@example.org", "nobody@example.org");
    assert_eq!(h.send_at(0), "Sent 0, to retry 0, failed 1.\n");
    let row = &h.outbox()[0];
    assert_eq!(field(row, "status"), "failed");
    assert_eq!(field(row, "attempts"), 1);
    assert!(field(row, "last_error").as_str().unwrap().contains("550"));
    assert_eq!(h.send_at(86_400 * 3), "Sent 0, to retry 0, failed 0.\n");
}

#[test]
fn smtp_gives_up_after_give_up_after_not_max_attempts() {
    let sink = SmtpSink::start();
    sink.refuse(Stage::Rcpt, 451);
    // max_attempts is obsolete: one attempt would have failed the mail at once.
    let outbound = "max_attempts = 1\nretry_seconds = 60\n\n[send]\ngive_up_after = \"3m\"";
    let h = Home::smtp(sink.port(), outbound);
    h.enqueue("r1@example.org", "alice@example.org");
    h.enqueue("r2@example.org", "bob@example.org");
    assert_eq!(h.send_at(0), "Sent 0, to retry 2, failed 0.\n");
    // The wait doubles: 60 s after the first failure, then 120 s, which
    // ends on the deadline three minutes after the first failure.
    assert_eq!(h.send_at(60), "Sent 0, to retry 2, failed 0.\n");
    assert_eq!(h.send_at(179), "Sent 0, to retry 0, failed 0.\n");
    assert_eq!(h.send_at(180), "Sent 0, to retry 0, failed 2.\n");
    let failed = h.json(&["outbox", "list", "--status", "failed"]);
    assert_eq!(failed.len(), 2);
    for row in &failed {
        assert_eq!(field(row, "attempts"), 3, "{row}");
        assert!(field(row, "last_error").as_str().unwrap().contains("451"));
    }
    assert!(
        h.json(&["outbox", "list", "--status", "pending"])
            .is_empty()
    );
    let text = h.ok(&["outbox", "list", "--status", "failed"]);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.contains("failed") && text.contains("<r1@example.org>"),
        "{text}"
    );
}

#[test]
fn a_transport_error_exits_2_and_a_config_error_78_with_one_line() {
    let h = Home::smtp(25, "");
    let config = h.path().join("pbmgo.toml");
    let text = std::fs::read_to_string(&config).unwrap() + "user = \"me\"\n";
    std::fs::write(&config, text).unwrap();
    h.enqueue("r1@example.org", "alice@example.org");
    let out = h.cmd(&["send"], NOW).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("pbmgo: ") && stderr.contains("password"),
        "{stderr}"
    );
    std::fs::write(&config, "[outbound]\nretries = 3\n").unwrap();
    let out = h.cmd(&["send"], NOW).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(78), "{stderr}");
    assert!(stderr.contains("retries"), "{stderr}");
    let rows = outbox::list(h.store().conn(), Some("pending"), 10).unwrap();
    assert_eq!((rows.len(), rows[0].attempts), (1, 0));
}

#[test]
fn the_smtp_password_comes_from_a_file_in_the_home_or_the_environment() {
    let h = Home::smtp(25, "");
    let config = h.path().join("pbmgo.toml");
    let base = std::fs::read_to_string(&config).unwrap() + "user = \"me\"\n";
    std::fs::write(&config, &base).unwrap();
    // No mail is due, so nothing connects; the transport is still built.
    let out = h
        .cmd(&["send"], NOW)
        .env("PBMGO_SMTP_PASSWORD", "s3cret")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let with_file = base + "password_file = \"smtp-password\"\n";
    std::fs::write(&config, with_file).unwrap();
    let out = h.cmd(&["send"], NOW).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "the file is missing");
    std::fs::write(h.path().join("smtp-password"), "s3cret\n").unwrap();
    assert_eq!(h.ok(&["send"]), "Sent 0, to retry 0, failed 0.\n");
}

#[test]
fn outbox_list_json_has_the_documented_fields() {
    let h = Home::new();
    assert!(h.outbox().is_empty());
    assert_eq!(h.ok(&["outbox", "list"]), "No mail in the outbox.\n");
    h.enqueue("r1@example.org", "alice@example.org");
    assert_eq!(
        h.ok(&["outbox", "list", "--status", "failed"]),
        "No failed mail in the outbox.\n"
    );
    let rows = h.outbox();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    for name in [
        "id",
        "message_id",
        "recipient",
        "kind",
        "status",
        "attempts",
        "last_error",
        "created_at",
        "sent_at",
    ] {
        field(row, name);
    }
    assert_eq!(field(row, "recipient"), "alice@example.org");
    assert_eq!(field(row, "kind"), "reply");
    assert_eq!(field(row, "status"), "pending");
}

#[test]
fn message_list_json_has_the_documented_fields() {
    let h = Home::new();
    assert!(h.json(&["message", "list"]).is_empty());
    assert_eq!(h.ok(&["message", "list"]), "No messages.\n");
    let mut store = h.store();
    for (i, outcome) in [Outcome::Applied, Outcome::Ignored].into_iter().enumerate() {
        let key = format!("in{i}@example.org");
        let m = NewMessage {
            key: &key,
            sender: Some("alice@example.org"),
            player_id: None,
            subject: "Re: game 1",
            outcome,
            reasons: "ko auto-submitted",
            detail: "a detail",
            source: "1.a.host",
            fingerprint: "0f",
        };
        store
            .write(|tx| messages::record(tx, &m, at(i as i64)))
            .unwrap();
    }
    let rows = h.json(&["message", "list"]);
    assert_eq!(rows.len(), 2);
    let newest = &rows[0];
    assert_eq!(field(newest, "outcome"), "ignored");
    assert_eq!(field(newest, "sender"), "alice@example.org");
    assert_eq!(field(newest, "received_at"), "2026-11-22T12:00:01Z");
    assert_eq!(
        field(newest, "reasons"),
        &serde_json::json!(["ko", "auto-submitted"])
    );
    assert_eq!(field(newest, "detail"), "a detail");
    field(newest, "id");
    assert_eq!(h.json(&["message", "list", "--limit", "1"]).len(), 1);
    let text = h.ok(&["message", "list"]);
    assert!(text.contains("applied [ko auto-submitted]"), "{text}");
}

#[test]
fn quarantine_list_json_has_the_documented_fields() {
    let h = Home::new();
    assert!(h.json(&["quarantine", "list"]).is_empty());
    assert_eq!(h.ok(&["quarantine", "list"]), "Nothing in quarantine.\n");
    let mut store = h.store();
    let (held, released) = store
        .write(|tx| {
            let a = quarantine::hold(tx, "1.a.host", Some("x@example.org"), "bad mime", at(0))?;
            let b = quarantine::hold(tx, "2.b.host", None, "database locked", at(1))?;
            quarantine::release(tx, b, at(2))?;
            Ok::<_, pbmgo::store::StoreError>((a, b))
        })
        .unwrap();
    let rows = h.json(&["quarantine", "list"]);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(field(row, "id"), held.get());
    assert_eq!(field(row, "file"), "1.a.host");
    assert_eq!(field(row, "sender"), "x@example.org");
    assert_eq!(field(row, "error"), "bad mime");
    assert_eq!(field(row, "held_at"), NOW);
    let all = h.json(&["quarantine", "list", "--all"]);
    assert_eq!(all.len(), 2);
    assert_eq!(field(&all[1], "id"), released.get());
    assert_eq!(field(&all[1], "sender"), &Value::Null);
    let text = h.ok(&["quarantine", "list", "--all"]);
    assert!(text.contains("(released 2026-11-22T12:00:02Z)"), "{text}");
}
