//! The Prometheus textfile-collector file (`[metrics] textfile`), rewritten
//! after each `poll` and `tick`: the metrics below as gauges, each with its
//! `# HELP` and `# TYPE` lines. The file is written beside its place and
//! renamed over it, so node_exporter never reads half a file; its mode is
//! 0644 (node_exporter runs as another user, and it holds only counts).
//!
//! - `pbmgo_last_poll_timestamp_seconds`, `pbmgo_last_tick_timestamp_seconds`:
//!   when the last run finished (Unix time); absent before the first;
//! - `pbmgo_last_poll_success`, `pbmgo_last_tick_success`: 1 or 0;
//! - `pbmgo_poll_messages{outcome="applied|rejected|answered|ignored|quarantined"}`:
//!   the last poll's messages by outcome; `pbmgo_poll_mail_sent`;
//! - `pbmgo_outbox_mail{status="pending|deferred|failed"}` (deferred mail
//!   is pending too);
//! - `pbmgo_quarantine_mail`, `pbmgo_players`, `pbmgo_games_active`,
//!   `pbmgo_bouncing_players`, `pbmgo_schema_version`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::health::Snapshot;
use crate::home::Home;
use crate::store::runs::Run;

/// The outcomes of the last poll's messages, as its counts name them.
const OUTCOMES: [&str; 5] = ["applied", "rejected", "answered", "ignored", "quarantined"];

/// Reads the snapshot of `home` at `now` and rewrites the file at `path`.
pub(crate) fn update(
    home: &Home,
    conn: &Connection,
    path: &Path,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let snapshot = Snapshot::read(conn, home, now)?;
    write_atomic(path, &render(&snapshot))
}

/// Returns the file's text for `s`.
pub(crate) fn render(s: &Snapshot) -> String {
    let mut out = String::new();
    run_metrics(&mut out, "poll", s.last_poll.as_ref());
    if let Some(run) = &s.last_poll {
        poll_counts(&mut out, run);
    }
    run_metrics(&mut out, "tick", s.last_tick.as_ref());
    state_metrics(&mut out, s);
    out
}

/// The last poll's messages by outcome and the mail it sent.
fn poll_counts(out: &mut String, run: &Run) {
    let counts: serde_json::Value = serde_json::from_str(&run.counts).unwrap_or_default();
    let count = |k: &str| {
        counts
            .get(k)
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0)
    };
    let help = "Messages the last poll handled, by outcome.";
    head(out, "pbmgo_poll_messages", help);
    for outcome in OUTCOMES {
        let n = count(outcome);
        let _ = writeln!(out, "pbmgo_poll_messages{{outcome=\"{outcome}\"}} {n}");
    }
    gauge(
        out,
        "pbmgo_poll_mail_sent",
        "Mails the last poll sent.",
        count("sent"),
    );
}

/// The outbox, the quarantine, the players and games, and the schema.
fn state_metrics(out: &mut String, s: &Snapshot) {
    let help = "Outgoing mail by status (deferred mail is pending too).";
    head(out, "pbmgo_outbox_mail", help);
    let o = s.outbox;
    for (status, n) in [
        ("pending", o.pending),
        ("deferred", o.deferred),
        ("failed", o.failed),
    ] {
        let _ = writeln!(out, "pbmgo_outbox_mail{{status=\"{status}\"}} {n}");
    }
    let bouncing = s.bouncing_players().len() as u32;
    let plain = [
        (
            "pbmgo_quarantine_mail",
            "Mail held in quarantine/new.",
            s.quarantine,
        ),
        ("pbmgo_players", "Players.", s.players),
        (
            "pbmgo_games_active",
            "Games being played or scored.",
            s.games_active,
        ),
        (
            "pbmgo_bouncing_players",
            "Players whose mail is stopped by bounces.",
            bouncing,
        ),
        (
            "pbmgo_schema_version",
            "The database's schema version.",
            s.schema,
        ),
    ];
    for (name, help, value) in plain {
        gauge(out, name, help, value);
    }
}

/// The time and success of the last run of `job`, when there was one.
fn run_metrics(out: &mut String, job: &str, run: Option<&Run>) {
    let Some(run) = run else {
        return;
    };
    let name = format!("pbmgo_last_{job}_timestamp_seconds");
    let help = format!("When the last {job} finished (Unix time).");
    gauge(out, &name, &help, run.finished.timestamp());
    let name = format!("pbmgo_last_{job}_success");
    let help = format!("1 when the last {job} ended well, 0 when it failed.");
    gauge(out, &name, &help, u8::from(run.error.is_none()));
}

/// Writes one gauge with its help and type lines.
fn gauge(out: &mut String, name: &str, help: &str, value: impl std::fmt::Display) {
    head(out, name, help);
    let _ = writeln!(out, "{name} {value}");
}

/// Writes the help and type lines of a gauge.
fn head(out: &mut String, name: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
}

/// Writes `text` to a file beside `path` (mode 0644) and renames it over `path`.
fn write_atomic(path: &Path, text: &str) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("the metrics textfile has no file name")?;
    let temp = dir.join(format!(
        ".{}.{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut f = std::fs::File::create(&temp)?;
        f.set_permissions(std::fs::Permissions::from_mode(0o644))?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written.with_context(|| format!("cannot write the metrics file {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::health::Bouncing;
    use chrono::TimeZone;

    fn snapshot() -> Snapshot {
        let at = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        let bob = |address: &str| Bouncing {
            player: "bob".into(),
            address: address.into(),
            bounces: 3,
        };
        Snapshot {
            schema: 19,
            last_poll: Some(Run {
                started: at,
                finished: at,
                error: None,
                counts: r#"{"processed":3,"applied":2,"quarantined":1,"sent":4}"#.into(),
            }),
            last_tick: None,
            outbox: crate::store::outbox::QueueSizes {
                pending: 5,
                due: 3,
                deferred: 2,
                failed: 1,
                failed_last_day: 1,
                ..Default::default()
            },
            players: 7,
            games_active: 3,
            bouncing: vec![bob("b@x.org"), bob("b@y.org")],
            quarantine: 1,
        }
    }

    #[test]
    fn every_metric_has_help_and_type_and_the_values_of_the_snapshot() {
        let text = render(&snapshot());
        for line in [
            "pbmgo_last_poll_timestamp_seconds 1795348800",
            "pbmgo_last_poll_success 1",
            "pbmgo_poll_messages{outcome=\"applied\"} 2",
            "pbmgo_poll_messages{outcome=\"rejected\"} 0",
            "pbmgo_poll_messages{outcome=\"quarantined\"} 1",
            "pbmgo_poll_mail_sent 4",
            "pbmgo_outbox_mail{status=\"pending\"} 5",
            "pbmgo_outbox_mail{status=\"deferred\"} 2",
            "pbmgo_outbox_mail{status=\"failed\"} 1",
            "pbmgo_quarantine_mail 1",
            "pbmgo_players 7",
            "pbmgo_games_active 3",
            "pbmgo_bouncing_players 1",
            "pbmgo_schema_version 19",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        assert!(!text.contains("tick"), "no tick ran: {text}");
        for sample in text.lines().filter(|l| !l.starts_with('#')) {
            let name = sample.split(['{', ' ']).next().unwrap();
            assert!(text.contains(&format!("# HELP {name} ")), "{name}");
            assert!(text.contains(&format!("# TYPE {name} gauge\n")), "{name}");
        }
    }

    #[test]
    fn the_file_is_replaced_whole_and_readable_by_others() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pbmgo.prom");
        std::fs::write(&path, "old").unwrap();
        write_atomic(&path, "pbmgo_players 1\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "pbmgo_players 1\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
