//! A relay outage through the real binary with the clock pinned
//! (`PBMGO_NOW`): the SMTP relay refuses with 451, mail stays pending for
//! days of pinned time and fails only after `[send] give_up_after`; the
//! admin puts it back with `outbox retry` or pushes it with `send --now`
//! once the relay is back; the player whose mail was lost is told so in
//! their next mail, once.

use serde_json::Value;

use crate::common::clock_mail::{ALICE, BOB, at, days, send};
use crate::common::home::Home;
use crate::common::pbmgo_home::{PbmgoHome, SERVER};
use crate::common::smtp_sink::{Received, SmtpSink, Stage};

/// Points the home's SMTP transport at `port`, with `outbound` extra keys.
fn relay(h: &PbmgoHome, port: u16, outbound: &str) {
    let config = format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"open\"\n\n\
         [outbound]\ntransport = \"smtp\"\n{outbound}\n\
         [outbound.smtp]\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n"
    );
    std::fs::write(h.path().join("pbmgo.toml"), config).unwrap();
}

/// A relay that answers every RCPT with 451 (try again later).
fn down() -> SmtpSink {
    let sink = SmtpSink::start();
    sink.refuse(Stage::Rcpt, 451);
    sink
}

/// alice and bob in game1, the relay down; alice plays C3 at the start,
/// which queues her transcript and bob's your-move mail, and fails them once.
fn outage(outbound: &str) -> (PbmgoHome, SmtpSink) {
    let h = PbmgoHome::new();
    let relay_down = down();
    relay(&h, relay_down.port(), outbound);
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "play game1 C3", 0.0);
    assert_eq!(statuses(&h), ["pending", "pending"]);
    (h, relay_down)
}

/// The status of every outbox row, oldest first.
fn statuses(h: &PbmgoHome) -> Vec<String> {
    h.outbox_rows()
        .iter()
        .map(|r| r["status"].as_str().unwrap().to_string())
        .collect()
}

/// `pbmgo send` (with `flags`) at `hours`; returns its stdout and stderr.
fn send_at(h: &PbmgoHome, flags: &[&str], hours: f64) -> (String, String) {
    let mut args = vec!["send"];
    args.extend(flags);
    let out = h.cmd_at(&args, &at(hours)).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "send: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The text part of a mail the relay took, with line ends as spaces.
fn text(mail: &Received) -> String {
    let m = mail_parser::MessageParser::default()
        .parse(&mail.data)
        .expect("the mail parses");
    m.body_text(0)
        .unwrap_or_default()
        .replace("\r\n", " ")
        .replace('\n', " ")
}

/// The mails the relay took for `to`.
fn to<'a>(got: &'a [Received], to: &str) -> Vec<&'a Received> {
    got.iter().filter(|m| m.to == [to]).collect()
}

#[test]
fn a_relay_outage_of_an_hour_then_outbox_retry_sends_the_waiting_mail() {
    let (h, _down) = outage("retry_seconds = 600");
    // Ten minutes, then twenty, then forty: still failing, still pending.
    assert_eq!(send_at(&h, &[], 0.25).0, "Sent 0, to retry 2, failed 0.\n");
    assert_eq!(
        send_at(&h, &[], 40.0 / 60.0).0,
        "Sent 0, to retry 2, failed 0.\n"
    );
    let rows = h.outbox_rows();
    for row in &rows {
        assert_eq!(
            (&row["status"], &row["attempts"]),
            (&"pending".into(), &3.into())
        );
        assert!(row["last_error"].as_str().unwrap().contains("451"), "{row}");
    }
    // The relay is back after an hour; the next attempts are not due yet.
    let back = SmtpSink::start();
    relay(&h, back.port(), "retry_seconds = 600");
    assert_eq!(send_at(&h, &[], 1.0).0, "Sent 0, to retry 0, failed 0.\n");
    let put = h.ok_at(&["outbox", "retry", "--all"], &at(1.0));
    assert!(
        put.starts_with("Put 2 mails back in the queue, due now:"),
        "{put}"
    );
    assert_eq!(put.lines().count(), 3, "{put}");
    assert_eq!(send_at(&h, &[], 1.0).0, "Sent 2, to retry 0, failed 0.\n");
    let got = back.received();
    let bobs = to(&got, BOB);
    assert_eq!(bobs.len(), 1);
    assert!(
        text(bobs[0]).contains("alice played C3"),
        "{}",
        text(bobs[0])
    );
    assert_eq!(statuses(&h), ["sent", "sent"]);
    let again = h.ok_at(&["outbox", "retry", "--all"], &at(1.0));
    assert_eq!(again, "No mail to put back in the queue.\n");
}

#[test]
fn send_now_pushes_mail_waiting_out_a_backoff_before_its_due_time() {
    let (h, _down) = outage("retry_seconds = 600");
    let back = SmtpSink::start();
    relay(&h, back.port(), "retry_seconds = 600");
    // Due again ten minutes after the failure: a plain send waits.
    assert_eq!(send_at(&h, &[], 0.05).0, "Sent 0, to retry 0, failed 0.\n");
    assert_eq!(
        send_at(&h, &["--now"], 0.05).0,
        "Sent 2, to retry 0, failed 0.\n"
    );
    assert_eq!(back.received().len(), 2);
    assert_eq!(statuses(&h), ["sent", "sent"]);
}

#[test]
fn five_days_down_fail_the_mail_and_its_player_hears_of_it_once() {
    let (h, _down) = outage("");
    for hours in [1.0, days(1.0), days(4.0)] {
        let (out, _) = send_at(&h, &[], hours);
        assert!(out.starts_with("Sent 0, to retry 2"), "{hours} h: {out}");
        assert_eq!(statuses(&h), ["pending", "pending"], "{hours} h");
    }
    let (out, stderr) = send_at(&h, &[], days(5.0) + 0.1);
    assert_eq!(out, "Sent 0, to retry 0, failed 2.\n");
    let line = stderr
        .lines()
        .find(|l| l.contains("ERROR") && l.contains(BOB))
        .unwrap_or_else(|| panic!("no error line for bob: {stderr}"));
    for part in ["mail finally failed", "[game1] alice vs bob, 9x9", "451"] {
        assert!(line.contains(part), "{part}: {line}");
    }
    assert_eq!(statuses(&h), ["failed", "failed"]);
    // The relay is back; bob writes, and his answer says what was lost.
    let back = SmtpSink::start();
    relay(&h, back.port(), "");
    send(&h, BOB, "games", days(5.0) + 1.0);
    send(&h, BOB, "games", days(5.0) + 2.0);
    let got = back.received();
    let bobs = to(&got, BOB);
    assert_eq!(bobs.len(), 2);
    let told = "Our mail of 1 Mar to you, 'alice played C3 in game1: your move, \
                due 2026-03-08 00:00 UTC', could not be delivered; `games` shows where \
                your games stand.";
    assert!(text(bobs[0]).contains(told), "{}", text(bobs[0]));
    assert!(
        !text(bobs[1]).contains("could not be delivered"),
        "told once"
    );
    // The admin puts the lost mail back; it goes.
    let put = h.ok_at(
        &["outbox", "retry", "--failed", "--json"],
        &at(days(5.0) + 3.0),
    );
    let json: Value = serde_json::from_str(&put).unwrap();
    let retried = json["retried"].as_array().unwrap();
    assert_eq!(retried.len(), 2, "{json}");
    let mut whom: Vec<&str> = retried
        .iter()
        .map(|r| r["recipient"].as_str().unwrap())
        .collect();
    whom.sort_unstable();
    assert_eq!(whom, [ALICE, BOB]);
    assert!(retried.iter().all(|r| r["was"] == "failed"), "{json}");
    send_at(&h, &[], days(5.0) + 3.0);
    let got = back.received();
    assert_eq!(to(&got, BOB).len(), 3);
    assert!(text(to(&got, BOB)[2]).contains("alice played C3"));
    assert_eq!(to(&got, ALICE).len(), 1, "alice's transcript, at last");
}

#[test]
fn outbox_retry_refuses_an_unknown_or_sent_mail_and_needs_a_choice() {
    let h = PbmgoHome::new();
    let code = |args: &[&str]| {
        let out = h.cmd(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (status, stderr) = code(&["outbox", "retry", "999"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(stderr, "pbmgo: no outbox mail 999\n");
    assert_eq!(code(&["outbox", "retry"]).0, Some(2));
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "play game1 C3", 0.0);
    let id = h.outbox_rows()[0]["id"].as_i64().unwrap().to_string();
    let (status, stderr) = code(&["outbox", "retry", &id]);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(stderr.contains("was sent already"), "{stderr}");
    let json = h.json(&["outbox", "retry", "--all"]);
    assert_eq!(json, serde_json::json!({"retried": []}));
}
