//! `pbmgo status`, the metrics file and the log lines of each mail, through
//! the real binary: what counts as healthy (exit 0) and what does not
//! (exit 1), that status only reads (an older schema stays as it is), the
//! Prometheus textfile `poll` and `tick` rewrite, and the outcome lines a
//! poll logs.

use std::os::unix::fs::PermissionsExt as _;

use serde_json::Value;

use crate::common::home::Home;
use crate::common::pbmgo_home::{NOW, PbmgoHome, mail};

const CAROL: &str = "Carol <carol@example.org>";
/// Half an hour after [`NOW`].
const SOON: &str = "2026-11-22T12:30:00Z";
/// Two hours after [`NOW`].
const LATER: &str = "2026-11-22T14:00:00Z";

/// `status --json` at `now`: its exit status and object.
fn status(h: &PbmgoHome, now: &str) -> (i32, Value) {
    let out = h.cmd_at(&["status", "--json"], now).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {out:?}"));
    (out.status.code().unwrap(), v)
}

/// The level of check `name`.
fn level(v: &Value, name: &str) -> String {
    let checks = v["checks"].as_array().unwrap();
    let c = checks.iter().find(|c| c["name"] == name);
    c.unwrap_or_else(|| panic!("no check {name}: {v}"))["level"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_fresh_home_is_healthy_with_warnings_for_the_jobs_not_run_yet() {
    let h = PbmgoHome::new();
    let (code, v) = status(&h, NOW);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["healthy"], true);
    assert_eq!(v["integrity"], "ok");
    assert_eq!(v["schema"]["current"], v["schema"]["binary"]);
    assert_eq!(v["last_poll"], Value::Null);
    assert_eq!(level(&v, "last_poll"), "warn");
    assert_eq!(level(&v, "config"), "ok");
    assert_eq!(v["problems"], serde_json::json!([]));
    let text = h.ok(&["status"]);
    assert!(
        text.contains("WARN last_poll: no poll recorded yet"),
        "{text}"
    );
    assert!(text.ends_with("healthy\n"), "{text}");
}

#[test]
fn a_poll_older_than_the_limit_makes_the_home_unhealthy() {
    let h = PbmgoHome::new();
    h.drop_mail(&mail(CAROL, "help", "help").bytes());
    h.poll_at(NOW);
    let (code, v) = status(&h, SOON);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["last_poll"]["outcome"], "ok");
    assert_eq!(v["last_poll"]["age_seconds"], 1800);
    assert_eq!(v["last_poll"]["counts"]["answered"], 1);
    assert_eq!(v["last_poll"]["finished_at"], NOW);
    let (code, v) = status(&h, LATER);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["healthy"], false);
    assert_eq!(level(&v, "last_poll"), "fail");
    let problems = v["problems"].to_string();
    assert!(problems.contains("120 minutes ago"), "{problems}");
    let out = h.cmd_at(&["status"], LATER).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("FAIL last_poll: "), "{text}");
    assert!(text.ends_with("unhealthy: 1 failed\n"), "{text}");
}

#[test]
fn an_age_limit_of_zero_never_fails_and_a_tick_is_recorded_too() {
    let h = PbmgoHome::with_config("[status]\nmax_poll_age_minutes = 0\n");
    h.poll_at(NOW);
    h.tick_at(NOW);
    let (code, v) = status(&h, "2026-12-22T12:00:00Z");
    assert_eq!(level(&v, "last_poll"), "ok", "{v}");
    assert_eq!(level(&v, "last_tick"), "fail", "{v}");
    assert_eq!(code, 1);
    assert_eq!(v["last_tick"]["counts"]["digests"], 0);
}

#[test]
fn mail_given_up_on_in_the_last_day_fails_and_quarantined_mail_warns() {
    let h = PbmgoHome::with_config(
        "[outbound]\ntransport = \"sendmail\"\nsendmail = \"/nonexistent/sendmail\"\n\
         retry_seconds = 60\n\n[send]\ngive_up_after = \"5m\"\n\n\
         [limits]\nmax_message_bytes = 2000\n",
    );
    h.drop_mail(&mail(CAROL, "help", "help").bytes());
    h.drop_mail(&mail(CAROL, "help", &"help\n".repeat(1000)).bytes());
    h.poll_at(NOW);
    // Retried until `give_up_after` has passed since the first attempt.
    for later in ["2026-11-22T12:02:00Z", "2026-11-22T12:06:00Z"] {
        h.poll_at(later);
    }
    let (code, v) = status(&h, SOON);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["outbox"]["failed"], 1, "{v}");
    assert_eq!(v["outbox"]["failed_last_day"], 1, "{v}");
    assert_eq!(level(&v, "outbox"), "fail");
    assert_eq!(v["quarantine"], 1);
    assert_eq!(level(&v, "quarantine"), "warn");
    let (_, v) = status(&h, "2026-11-24T12:00:00Z");
    assert_eq!(level(&v, "outbox"), "warn", "a day later: {v}");
}

#[test]
fn status_reads_an_older_schema_without_upgrading_it() {
    let h = PbmgoHome::new();
    let db = h.db();
    db.execute_batch("DROP TABLE runs; PRAGMA user_version = 18;")
        .unwrap();
    let (code, v) = status(&h, NOW);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["schema"]["current"], 18);
    assert_eq!(level(&v, "schema"), "warn");
    let version: u32 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 18, "status must not migrate");
    db.execute_batch("PRAGMA user_version = 999;").unwrap();
    let (code, v) = status(&h, NOW);
    assert_eq!(code, 1, "{v}");
    assert_eq!(level(&v, "schema"), "fail");
}

#[test]
fn a_broken_config_or_database_is_a_failed_check() {
    let h = PbmgoHome::new();
    std::fs::write(h.path().join("pbmgo.sqlite3"), b"not a database at all").unwrap();
    for f in ["pbmgo.sqlite3-wal", "pbmgo.sqlite3-shm"] {
        let _ = std::fs::remove_file(h.path().join(f));
    }
    let (code, v) = status(&h, NOW);
    assert_eq!(code, 1, "{v}");
    assert_eq!(level(&v, "database"), "fail");
    std::fs::write(h.path().join("pbmgo.toml"), "[server]\nnope = 1\n").unwrap();
    let (code, v) = status(&h, NOW);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["config"]["ok"], false);
    assert!(v["config"]["error"].as_str().unwrap().contains("nope"));
    assert_eq!(v["database"], Value::Null);
}

#[test]
fn poll_and_tick_rewrite_the_metrics_file_readable_by_others() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pbmgo.prom");
    let h = PbmgoHome::with_config(&format!("[metrics]\ntextfile = {:?}\n", file));
    h.drop_mail(&mail(CAROL, "help", "help").bytes());
    h.poll_at(NOW);
    let text = std::fs::read_to_string(&file).unwrap();
    for line in [
        "# TYPE pbmgo_last_poll_timestamp_seconds gauge",
        "pbmgo_last_poll_timestamp_seconds 1795348800",
        "pbmgo_last_poll_success 1",
        "pbmgo_poll_messages{outcome=\"answered\"} 1",
        "pbmgo_poll_mail_sent 1",
        "pbmgo_outbox_mail{status=\"pending\"} 0",
        "pbmgo_quarantine_mail 0",
        "pbmgo_players 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    assert!(!text.contains("tick"), "{text}");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o644);
    h.tick_at(SOON);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\npbmgo_last_tick_timestamp_seconds 1795350600\n"),
        "{text}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_poll_logs_each_mail_with_its_outcome_and_warns_of_quarantine_by_default() {
    let h = PbmgoHome::with_config("[limits]\nmax_message_bytes = 2000\n");
    h.drop_mail(
        &mail(CAROL, "help", "help")
            .id("log-1@client.example")
            .bytes(),
    );
    let out = h.cmd(&["poll"]).env("RUST_LOG", "info").output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let log = String::from_utf8_lossy(&out.stderr);
    let line = log.lines().find(|l| l.contains("message handled"));
    let line = line.unwrap_or_else(|| panic!("no outcome line: {log}"));
    for field in [
        "INFO",
        "message_id=log-1@client.example",
        "sender=\"carol@example.org\"",
        "outcome=\"answered\"",
        "replies=1",
    ] {
        assert!(line.contains(field), "{field} in {line}");
    }
    assert!(!line.contains("help"), "no words of the mail: {line}");

    h.drop_mail(&mail(CAROL, "help", "help").bytes());
    let quiet = h.cmd(&["poll"]).output().unwrap();
    assert!(quiet.stderr.is_empty(), "{quiet:?}");

    h.drop_mail(&mail(CAROL, "help", &"help\n".repeat(1000)).bytes());
    let held = h.cmd(&["poll"]).output().unwrap();
    assert!(held.status.success(), "{held:?}");
    let log = String::from_utf8_lossy(&held.stderr);
    assert!(
        log.contains("WARN") && log.contains("message quarantined"),
        "{log}"
    );
    assert!(log.contains("outcome=\"quarantined\""), "{log}");
    assert!(log.contains("over the limit"), "{log}");
}
