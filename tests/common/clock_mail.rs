//! What the clock and personal tests share: times counted from a pinned
//! start, mails from the three test players (driven by the binary or
//! in-process), and the outbox read straight from the database (every row
//! with its kind, recipient, time and text).

use chrono::{DateTime, Duration, TimeZone, Utc};
use serde_json::json;

use super::harness::Harness;
use super::home::Home;
pub use super::lifecycle::{ALICE, BOB, CAROL};
use super::pbmgo_home::{OutMail, PbmgoHome, mail};

/// The start of the simulated time: 2026-03-01 00:00 UTC.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap()
}

/// The time `hours` after [`start`], as RFC 3339.
pub fn at(hours: f64) -> String {
    let t = start() + Duration::minutes((hours * 60.0).round() as i64);
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Days to hours.
pub fn days(d: f64) -> f64 {
    d * 24.0
}

/// A home driven by the binary with alice, bob and carol and no reply cap to speak of.
pub fn home() -> PbmgoHome {
    players(PbmgoHome::with_config(CONFIG))
}

/// As [`home`], in-process.
pub fn harness() -> Harness {
    players(Harness::with_config(CONFIG))
}

const CONFIG: &str = "[limits]\nmax_replies_per_hour = 100000\n";

fn players<H: Home>(h: H) -> H {
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", CAROL);
    h
}

/// Mails `body` from `from` and polls at `now` (hours from the start).
pub fn send(h: &impl Home, from: &str, body: &str, now: f64) {
    h.drop_mail(&mail(from, "commands", body).bytes());
    h.poll_at(&at(now));
}

/// `pbmgo tick` at `now` (hours from the start); returns its summary line.
pub fn tick(h: &impl Home, now: f64) -> String {
    h.tick_at(&at(now))
}

/// One outbox row read from the database.
pub struct Row {
    pub id: i64,
    pub recipient: String,
    pub kind: String,
    pub created_at: String,
    pub mail: OutMail,
}

/// Every outbox row after `after_id`, oldest first.
pub fn outbox_after(h: &impl Home, after_id: i64) -> Vec<Row> {
    let db = h.db();
    let mut stmt = db
        .prepare("SELECT id, recipient, kind, created_at FROM outbox WHERE id > ?1 ORDER BY id")
        .unwrap();
    let rows: Vec<(i64, String, String, String)> = stmt
        .query_map([after_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    rows.into_iter()
        .map(|(id, recipient, kind, created_at)| {
            let row = json!({"recipient": recipient, "kind": kind});
            let raw =
                pbmgo::store::outbox::raw(&db, pbmgo::store::OutboxId::new(id).unwrap()).unwrap();
            Row {
                id,
                created_at,
                mail: OutMail::parse(raw, row),
                recipient,
                kind,
            }
        })
        .collect()
}

/// Every outbox row of one of `kinds`, oldest first.
pub fn of_kinds(h: &impl Home, kinds: &[&str]) -> Vec<Row> {
    outbox_after(h, 0)
        .into_iter()
        .filter(|r| kinds.contains(&r.kind.as_str()))
        .collect()
}

/// The last outbox id.
pub fn last_id(h: &impl Home) -> i64 {
    h.db()
        .query_row("SELECT coalesce(max(id), 0) FROM outbox", [], |r| r.get(0))
        .unwrap()
}

/// The text of a mail with the date-dependent lines left as they are.
pub fn body(r: &Row) -> String {
    super::pbmgo_home::tidy(&r.mail.text)
}

/// The HTML part of a mail, checked (see `html_check`), tidied like
/// [`body`].
pub fn html(r: &Row) -> String {
    let html = r.mail.html.as_deref().expect("every mail has an HTML part");
    let problems = super::html_check::problems(html);
    assert!(problems.is_empty(), "{problems:#?}\n{html}");
    super::pbmgo_home::tidy(html)
}
