//! How an outgoing mail reaches its reader, asked in one question: the
//! address a player's mail goes to (their first), their `notify` setting,
//! whether the admin disabled them, the permanent bounces not yet cleared
//! for that address, and how many mails were queued to it since a given
//! time (for the reply caps).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::Sql;
use crate::store::ids::PlayerId;

/// What the store knows about mailing one address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reach {
    /// The address mail goes to.
    pub(crate) address: String,
    /// The player's `notify` setting (`each`, `digest`, `off`); `None` for
    /// an address of no player, or a player without the setting.
    pub(crate) notify: Option<String>,
    /// True when the admin disabled the player: nothing is mailed to them.
    pub(crate) disabled: bool,
    /// Permanent bounces of the address not cleared by a mail from it.
    pub(crate) bounces: u32,
    /// Mails queued to the address since the time asked about, for an
    /// address asked about as written ([`address`]); a player's reach
    /// ([`player`]) does not count them (`None`): its callers cap by kind.
    pub(crate) sent_since: Option<u32>,
}

impl Reach {
    /// Returns true when `limit` bounces (0: no limit) stop mail to the address.
    pub(crate) fn stopped(&self, limit: u32) -> bool {
        limit > 0 && self.bounces >= limit
    }

    /// Returns true when the reader takes mail that needs no answer
    /// (`notify each`, the default).
    pub(crate) fn wants_every_mail(&self) -> bool {
        self.notify.as_deref().is_none_or(|n| n == "each")
    }
}

/// Returns how to reach player `player_id`, or `None` when they have no address.
///
/// (`+?1`: with a bare `?1` this SQLite re-prepares the statement at every
/// run, as the plan of `ORDER BY a.id` would depend on the bound value.)
pub(crate) fn player(conn: &Connection, player_id: PlayerId) -> Result<Option<Reach>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT a.address, p.notify,
                    (SELECT count(*) FROM bounces b
                      WHERE b.address = a.address AND b.cleared_at IS NULL),
                    p.disabled
               FROM addresses a JOIN players p ON p.id = a.player_id
              WHERE a.player_id = +?1 ORDER BY a.id LIMIT 1",
        )?
        .query_row(params![player_id], |r| {
            Ok(Reach {
                address: r.get(0)?,
                notify: r.get(1)?,
                disabled: r.get(3)?,
                bounces: r.get(2)?,
                sent_since: None,
            })
        })
        .optional()?)
}

/// Returns how to reach `address` as written (a sender's From): its bounces
/// are counted under `normalized`, its mails under `address` itself.
pub(crate) fn address(
    conn: &Connection,
    address: &str,
    normalized: &str,
    since: DateTime<Utc>,
) -> Result<Reach, StoreError> {
    let (bounces, sent_since) = conn
        .prepare_cached(
            "SELECT (SELECT count(*) FROM bounces
                      WHERE address = ?2 AND cleared_at IS NULL),
                    (SELECT count(*) FROM outbox
                      WHERE recipient = ?1 AND created_at >= ?3)",
        )?
        .query_row(params![address, normalized, Sql(since)], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    Ok(Reach {
        address: address.to_string(),
        notify: None,
        disabled: false,
        bounces,
        sent_since: Some(sent_since),
    })
}

/// Which outbox kinds a count leaves out of the hourly cap, and which are
/// answers to the address's own mail; each list is `,`-joined with a `,` at
/// both ends (`,reply,`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kinds<'a> {
    /// Kinds no cap counts (neither capped nor answers).
    pub(crate) uncapped: &'a str,
    /// Kinds that answer the address's own mail.
    pub(crate) answers: &'a str,
}

/// The mail queued to one address since a time, counted by its limit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Sent {
    /// Mails of a capped kind (every kind not in either list).
    pub(crate) capped: u32,
    /// Of those, the ones a limit still holds back (pending, never tried,
    /// their last error `deferred:`).
    pub(crate) waiting: u32,
    /// When the oldest capped mail not held back was queued (RFC 3339).
    pub(crate) oldest_capped: Option<String>,
}

/// Counts the mail queued to `recipient` since `since` by `kinds`.
pub(crate) fn sent(
    conn: &Connection,
    recipient: &str,
    since: DateTime<Utc>,
    kinds: Kinds<'_>,
) -> Result<Sent, StoreError> {
    Ok(conn
        .prepare_cached(
            "WITH o AS (
               SELECT created_at,
                      instr(?3, ',' || kind || ',') = 0
                        AND instr(?4, ',' || kind || ',') = 0 AS capped,
                      status = 'pending' AND attempts = 0
                        AND coalesce(last_error, '') LIKE 'deferred:%' AS waiting
                 FROM outbox WHERE recipient = ?1 AND created_at >= ?2)
             SELECT coalesce(sum(capped), 0), coalesce(sum(capped AND waiting), 0),
                    min(CASE WHEN capped AND NOT waiting THEN created_at END)
               FROM o",
        )?
        .query_row(
            params![recipient, Sql(since), kinds.uncapped, kinds.answers],
            |r| {
                Ok(Sent {
                    capped: r.get(0)?,
                    waiting: r.get(1)?,
                    oldest_capped: r.get(2)?,
                })
            },
        )?)
}

/// Returns true when pbmgo has queued mail to `address`.
pub(crate) fn ever_mailed(conn: &Connection, address: &str) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM outbox WHERE recipient = ?1)")?
        .query_row([address], |r| r.get(0))?)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::store::{Store, players};

    #[test]
    fn a_player_is_reached_at_their_first_address_with_their_setting() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap();
        let two = ["bob@x.org".to_string(), "bob@y.org".to_string()];
        let bob = players::add(c, "bob", &two, now).unwrap();
        let reach = player(c, bob.id).unwrap().unwrap();
        assert_eq!(reach.address, "bob@x.org");
        assert!(reach.wants_every_mail() && !reach.stopped(3) && !reach.disabled);
        assert_eq!((reach.bounces, reach.sent_since), (0, None));
        let nobody = PlayerId::new(bob.id.get() + 1).unwrap();
        assert_eq!(player(c, nobody).unwrap(), None);
    }

    #[test]
    fn bounces_and_recent_mail_are_counted() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap();
        for k in 0..3 {
            c.execute(
                "INSERT INTO bounces (address, report_key, status, diagnostic, received_at)
                 VALUES ('kate@x.org', ?1, '5.1.1', '', '2026-11-23T09:00:00Z')",
                [format!("report-{k}")],
            )
            .unwrap();
        }
        let reach = address(c, "Kate@x.org", "kate@x.org", now).unwrap();
        assert_eq!(reach.bounces, 3);
        assert!(reach.stopped(3) && !reach.stopped(0) && !reach.stopped(4));
    }
}
