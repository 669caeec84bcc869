//! `pbmgo status [--json]`: is this home healthy? It loads the config,
//! opens the database read-only (it never migrates or writes), runs
//! `PRAGMA quick_check`, and reads the last `poll` and `tick`, the outbox,
//! the quarantine and the bouncing players ([`Snapshot`]).
//!
//! Each check is OK, WARN or FAIL; the exit status is 0 when none fails
//! and [`EXIT_UNHEALTHY`] (1) when one does. FAIL: the config does not
//! load; the database cannot be opened or `quick_check` finds damage; its
//! schema is newer than this pbmgo; the last poll or tick failed, or
//! finished longer ago than `[status] max_poll_age_minutes` /
//! `max_tick_age_minutes`; mail was given up on in the last day. WARN: no
//! poll or tick recorded yet; a schema older than this pbmgo (the next mail
//! job upgrades it); deferred mail, older failed mail, quarantined mail,
//! bouncing players (things mail from outside can cause).

use clap::Args;
use serde::Serialize;
use serde_json::Value;

use super::context::GlobalArgs;
use super::health::Snapshot;
use super::one_line;
use crate::home::Home;
use crate::store::codec::time_text;
use crate::store::health::{self, Bouncing};
use crate::store::outbox::QueueSizes;
use crate::store::runs::Run;
use crate::store::{Store, migrate};

/// `status`'s exit status when a check fails.
pub(crate) const EXIT_UNHEALTHY: u8 = 1;

/// What `status --help` adds: the exit statuses and the JSON's shape.
const AFTER_HELP: &str = "\
Exit status: 0 when no check fails, 1 when one does (see docs/admin.md, Monitoring).

--json prints one object:
  {\"healthy\": bool, \"checked_at\": TIME, \"home\": DIR,
   \"config\": {\"ok\": bool, \"path\": FILE, \"error\": null|TEXT},
   \"database\": null|{\"ok\": bool, \"path\": FILE, \"error\": null|TEXT},
   \"integrity\": null|\"ok\"|TEXT, \"schema\": {\"current\": null|N, \"binary\": N},
   \"last_poll\": null|{\"started_at\": TIME, \"finished_at\": TIME, \"outcome\": \"ok\"|\"error\",
                \"error\": null|TEXT, \"age_seconds\": N, \"counts\": {...}},
   \"last_tick\": the same,
   \"outbox\": null|{\"pending\": N, \"due\": N, \"deferred\": N, \"held\": N, \"failed\": N,
   \"failed_last_day\": N, \"lost_untold\": N},
   \"quarantine\": N, \"bouncing\": [{\"player\": NAME, \"address\": ADDR, \"bounces\": N}],
   \"checks\": [{\"name\": NAME, \"level\": \"ok\"|\"warn\"|\"fail\", \"detail\": TEXT}],
   \"problems\": [TEXT]}";

/// Check the config, the database and the mail jobs; exit 1 when a check fails
#[derive(Debug, Args)]
#[command(after_long_help = AFTER_HELP)]
pub(crate) struct StatusArgs {
    /// Print one JSON object instead of one line per check
    #[arg(long)]
    json: bool,
}

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Level {
    Ok,
    Warn,
    Fail,
}

/// One check's result.
#[derive(Serialize)]
struct Check {
    name: &'static str,
    level: Level,
    detail: String,
}

/// Whether a part could be read, and why not.
#[derive(Serialize)]
struct Part {
    ok: bool,
    path: String,
    error: Option<String>,
}

/// A run as the JSON shows it.
#[derive(Serialize)]
struct RunJson {
    started_at: String,
    finished_at: String,
    outcome: &'static str,
    error: Option<String>,
    age_seconds: i64,
    counts: Value,
}

/// The schema versions.
#[derive(Serialize)]
struct Schema {
    current: Option<u32>,
    binary: u32,
}

/// The whole report, as `--json` prints it.
#[derive(Serialize)]
struct Report {
    healthy: bool,
    checked_at: String,
    home: String,
    config: Part,
    database: Option<Part>,
    integrity: Option<String>,
    schema: Schema,
    last_poll: Option<RunJson>,
    last_tick: Option<RunJson>,
    outbox: Option<QueueSizes>,
    quarantine: u32,
    bouncing: Vec<Bouncing>,
    checks: Vec<Check>,
    problems: Vec<String>,
}

impl Report {
    fn check(&mut self, name: &'static str, level: Level, detail: impl Into<String>) {
        let detail = detail.into();
        if level == Level::Fail {
            self.problems.push(format!("{name}: {detail}"));
        }
        self.checks.push(Check {
            name,
            level,
            detail,
        });
    }
}

/// Runs `pbmgo status`: 0 when healthy, [`EXIT_UNHEALTHY`] when not.
pub(crate) fn run(args: StatusArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let report = report(global);
    if args.json {
        outln!("{}", serde_json::to_string(&report)?)?;
    } else {
        print(&report)?;
    }
    Ok(if report.healthy { 0 } else { EXIT_UNHEALTHY })
}

/// Runs every check.
fn report(global: &GlobalArgs) -> Report {
    let ctx = global.context();
    let now = ctx.as_ref().map_or_else(|_| chrono::Utc::now(), |c| c.now);
    let mut r = Report {
        healthy: false,
        checked_at: time_text(now),
        home: global.home_dir().display().to_string(),
        config: Part {
            ok: false,
            path: global.config_path().display().to_string(),
            error: None,
        },
        database: None,
        integrity: None,
        schema: Schema {
            current: None,
            binary: migrate::latest(),
        },
        last_poll: None,
        last_tick: None,
        outbox: None,
        quarantine: 0,
        bouncing: Vec::new(),
        checks: Vec::new(),
        problems: Vec::new(),
    };
    match ctx {
        Ok(ctx) => {
            r.config.ok = true;
            let detail = format!("{} loads", r.config.path);
            r.check("config", Level::Ok, detail);
            database(&mut r, &ctx.home, now);
        }
        Err(e) => {
            r.config.error = Some(one_line(&e));
            r.check("config", Level::Fail, one_line(&e));
        }
    }
    r.healthy = r.problems.is_empty();
    r
}

/// Opens the database read-only and runs the checks that read it.
fn database(r: &mut Report, home: &Home, now: chrono::DateTime<chrono::Utc>) {
    let path = home.database();
    let mut part = Part {
        ok: false,
        path: path.display().to_string(),
        error: None,
    };
    let opened = Store::read_only_connection(&path, home.busy_timeout());
    let read = opened.and_then(|(conn, _)| {
        let integrity = health::quick_check(&conn)?.join("; ");
        let snapshot = Snapshot::read(&conn, home, now)?;
        Ok((integrity, snapshot))
    });
    match read {
        Ok((integrity, snapshot)) => {
            part.ok = true;
            r.database = Some(part);
            judge(r, home, &integrity, &snapshot, now);
            r.integrity = Some(integrity);
        }
        Err(e) => {
            let why = one_line(&e.into());
            part.error = Some(why.clone());
            r.database = Some(part);
            r.check("database", Level::Fail, why);
        }
    }
}

/// Judges what was read.
fn judge(
    r: &mut Report,
    home: &Home,
    integrity: &str,
    s: &Snapshot,
    now: chrono::DateTime<chrono::Utc>,
) {
    match integrity {
        "ok" => r.check("database", Level::Ok, "quick_check ok"),
        damage => r.check("database", Level::Fail, format!("quick_check: {damage}")),
    }
    schema(r, s.schema);
    let limits = &home.config().status;
    r.last_poll = s.last_poll.as_ref().map(|run| run_json(run, now));
    r.last_tick = s.last_tick.as_ref().map(|run| run_json(run, now));
    last_run(
        r,
        "poll",
        s.last_poll.as_ref(),
        limits.max_poll_age_minutes,
        now,
    );
    last_run(
        r,
        "tick",
        s.last_tick.as_ref(),
        limits.max_tick_age_minutes,
        now,
    );
    outbox(r, s.outbox);
    r.outbox = Some(s.outbox);
    r.quarantine = s.quarantine;
    match s.quarantine {
        0 => r.check("quarantine", Level::Ok, "empty"),
        n => r.check(
            "quarantine",
            Level::Warn,
            format!("{n} mails held (pbmgo quarantine list)"),
        ),
    }
    r.bouncing = s.bouncing.clone();
    match s.bouncing_players().as_slice() {
        [] => r.check("bouncing", Level::Ok, "no player's mail bounces"),
        names => r.check(
            "bouncing",
            Level::Warn,
            format!("mail is stopped by bounces to {}", names.join(", ")),
        ),
    }
}

/// The schema check.
fn schema(r: &mut Report, current: u32) {
    let binary = migrate::latest();
    r.schema.current = Some(current);
    let (level, detail) = match current.cmp(&binary) {
        std::cmp::Ordering::Equal => (Level::Ok, format!("version {current}")),
        std::cmp::Ordering::Less => (
            Level::Warn,
            format!(
                "version {current}, older than this pbmgo's {binary}: the next mail job upgrades it"
            ),
        ),
        std::cmp::Ordering::Greater => (
            Level::Fail,
            format!("version {current}, newer than this pbmgo's {binary}"),
        ),
    };
    r.check("schema", level, detail);
}

/// The check of the last run of `job`, which must have finished at most
/// `max_minutes` ago (0: any time).
fn last_run(
    r: &mut Report,
    job: &'static str,
    run: Option<&Run>,
    max_minutes: u32,
    now: chrono::DateTime<chrono::Utc>,
) {
    let name = if job == "poll" {
        "last_poll"
    } else {
        "last_tick"
    };
    let Some(run) = run else {
        return r.check(name, Level::Warn, format!("no {job} recorded yet"));
    };
    let age = (now - run.finished).num_minutes();
    let at = time_text(run.finished);
    let (level, detail) = match &run.error {
        Some(e) => (Level::Fail, format!("the {job} of {at} failed: {e}")),
        None if max_minutes > 0 && age > i64::from(max_minutes) => (
            Level::Fail,
            format!("the last {job} finished at {at}, {age} minutes ago (more than {max_minutes})"),
        ),
        None => (Level::Ok, format!("finished at {at}, ok")),
    };
    r.check(name, level, detail);
}

/// The outbox check.
fn outbox(r: &mut Report, o: QueueSizes) {
    let (level, detail) = if o.failed_last_day > 0 {
        let n = o.failed_last_day;
        (
            Level::Fail,
            format!("{n} mails given up on in the last day (pbmgo outbox list --status failed)"),
        )
    } else if o.failed > 0 || o.deferred > 0 {
        (
            Level::Warn,
            format!(
                "{} pending, {} of them deferred after failing; {} failed",
                o.pending, o.deferred, o.failed
            ),
        )
    } else {
        (Level::Ok, format!("{} pending", o.pending))
    };
    r.check("outbox", level, detail);
}

fn run_json(run: &Run, now: chrono::DateTime<chrono::Utc>) -> RunJson {
    RunJson {
        started_at: time_text(run.started),
        finished_at: time_text(run.finished),
        outcome: run.outcome(),
        error: run.error.clone(),
        age_seconds: (now - run.finished).num_seconds(),
        counts: serde_json::from_str(&run.counts).unwrap_or(Value::Null),
    }
}

/// Prints one line per check, then the verdict.
fn print(r: &Report) -> anyhow::Result<()> {
    for c in &r.checks {
        let level = match c.level {
            Level::Ok => "OK",
            Level::Warn => "WARN",
            Level::Fail => "FAIL",
        };
        outln!("{level:<4} {}: {}", c.name, c.detail)?;
    }
    match r.problems.len() {
        0 => outln!("healthy"),
        n => outln!("unhealthy: {n} failed"),
    }
}
