//! Players and their mail addresses (a player may have several).
//!
//! Owns the rules for what may be stored: names match `[a-z0-9_-]{2,20}`
//! (read case-insensitively, stored lower-case), addresses are normalized
//! (lower-cased, display name and angle brackets removed), a name or
//! address that is already taken is refused, and the names that belong to
//! the system (`reserved_name`) are known here, for the signup by mail and
//! the admin's rename alike.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored};
use super::ids::PlayerId;

/// A player's id and name, as games refer to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRef {
    /// The row id.
    pub id: PlayerId,
    /// The name, lower-case.
    pub name: String,
}

/// A player with their addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The row id.
    pub(crate) id: PlayerId,
    /// The name, lower-case.
    pub(crate) name: String,
    /// Normalized addresses, in the order they were added.
    pub(crate) addresses: Vec<String>,
    /// When the player was added.
    pub(crate) created_at: DateTime<Utc>,
    /// True while the admin has disabled the account.
    pub(crate) disabled: bool,
}

impl Player {
    /// Returns the id and name.
    pub fn as_ref(&self) -> PlayerRef {
        PlayerRef {
            id: self.id,
            name: self.name.clone(),
        }
    }
}

/// Returns `name` lower-cased if it matches `[a-z0-9_-]{2,20}` (any case).
pub(crate) fn check_name(name: &str) -> Result<String, StoreError> {
    let lower = name.to_ascii_lowercase();
    let ok_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    if (2..=20).contains(&lower.len()) && lower.chars().all(ok_char) {
        return Ok(lower);
    }
    Err(StoreError::Invalid {
        what: "player name",
        value: name.chars().take(40).collect(),
        reason: "use 2 to 20 letters, digits, '_' or '-'".into(),
    })
}

/// Names that belong to the system and no player: mail roles, the
/// server's own local part (of `server_address`) and display name
/// (`server_name`), and `game` with digits (which reads as a game).
/// Returns why `name` is one of them.
pub(crate) fn reserved_name(
    name: &str,
    server_address: &str,
    server_name: &str,
) -> Option<&'static str> {
    const ROLES: &[&str] = &[
        "admin",
        "postmaster",
        "root",
        "abuse",
        "mailer-daemon",
        "noreply",
    ];
    let name = name.to_ascii_lowercase();
    let local = server_address.split(['@', '+']).next().unwrap_or_default();
    let digits = name.strip_prefix("game").filter(|d| !d.is_empty());
    if ROLES.contains(&name.as_str()) {
        Some("it names a role of the mail system")
    } else if name.eq_ignore_ascii_case(local) || name.eq_ignore_ascii_case(server_name) {
        Some("it is the server's own name")
    } else if digits.is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit())) {
        Some("it reads as a game")
    } else {
        None
    }
}

/// Returns the bare address of `text`, ASCII letters lower-cased, without a display name
/// or angle brackets: `"Alice" <Alice@Example.org>` gives `alice@example.org`.
pub(crate) fn normalize_address(text: &str) -> Result<String, StoreError> {
    let inner = match (text.rfind('<'), text.rfind('>')) {
        (Some(open), Some(close)) if open < close => &text[open + 1..close],
        _ => text,
    };
    let addr = inner.trim().to_ascii_lowercase();
    match address_problem(&addr) {
        None => Ok(addr),
        Some(reason) => Err(StoreError::Invalid {
            what: "address",
            value: text.chars().take(80).collect(),
            reason: reason.into(),
        }),
    }
}

fn address_problem(addr: &str) -> Option<&'static str> {
    let Some((local, domain)) = addr.split_once('@') else {
        return Some("an address needs one '@'");
    };
    if local.is_empty() || domain.is_empty() || domain.contains('@') {
        return Some("an address is local-part@domain");
    }
    if addr.len() > 254
        || addr
            .chars()
            .any(|c| c.is_whitespace() || "<>()[],;:\"\\".contains(c))
    {
        return Some("an address may not hold spaces or any of <>()[],;:\"\\");
    }
    if domain.starts_with('.') || domain.ends_with('.') || domain.contains("..") {
        return Some("the domain is not well formed");
    }
    None
}

/// Adds a player with `addresses`; returns the stored player.
///
/// Refuses a bad name or address ([`StoreError::Invalid`]) and a name or
/// address that is taken ([`StoreError::Taken`]). An address given twice is
/// stored once.
pub fn add(
    conn: &Connection,
    name: &str,
    addresses: &[String],
    now: DateTime<Utc>,
) -> Result<Player, StoreError> {
    let name = check_name(name)?;
    let addresses = normalized_unique(addresses)?;
    if exists(conn, &name)? {
        return Err(StoreError::Taken {
            what: "player name",
            value: name,
        });
    }
    for a in &addresses {
        if let Some(owner) = owner_of(conn, a)? {
            return Err(StoreError::Taken {
                what: "address",
                value: format!("{a} (by {owner})"),
            });
        }
    }
    conn.execute(
        "INSERT INTO players (name, created_at) VALUES (?1, ?2)",
        params![name, Sql(now)],
    )?;
    let id = PlayerId::from_rowid(conn.last_insert_rowid())?;
    let mut insert =
        conn.prepare_cached("INSERT INTO addresses (address, player_id) VALUES (?1, ?2)")?;
    for a in &addresses {
        insert.execute(params![a, id])?;
    }
    find(conn, &name)
}

fn normalized_unique(addresses: &[String]) -> Result<Vec<String>, StoreError> {
    let mut out: Vec<String> = Vec::with_capacity(addresses.len());
    for a in addresses {
        let n = normalize_address(a)?;
        if !out.contains(&n) {
            out.push(n);
        }
    }
    if out.is_empty() {
        return Err(StoreError::Invalid {
            what: "address list",
            value: String::new(),
            reason: "a player needs at least one address".into(),
        });
    }
    Ok(out)
}

/// Returns true when a player is called `name` (lower-case).
pub(crate) fn exists(conn: &Connection, name: &str) -> Result<bool, StoreError> {
    let found = conn
        .prepare_cached("SELECT 1 FROM players WHERE name = ?1")?
        .query_row([name], |_| Ok(()))
        .optional()?;
    Ok(found.is_some())
}

/// Returns the name of the player who owns the normalized `address`, if any.
pub(crate) fn owner_of(conn: &Connection, address: &str) -> Result<Option<String>, StoreError> {
    let sql = "SELECT (SELECT name FROM players WHERE id = a.player_id) FROM addresses a
               WHERE a.address = ?1";
    Ok(conn
        .prepare_cached(sql)?
        .query_row([address], |r| r.get(0))
        .optional()?)
}

/// Returns the player called `name` (any case); [`StoreError::NotFound`] if none.
pub(crate) fn find(conn: &Connection, name: &str) -> Result<Player, StoreError> {
    let lower = name.to_ascii_lowercase();
    let row = conn
        .prepare_cached("SELECT id, name, created_at, disabled FROM players WHERE name = ?1")?
        .query_row([&lower], row)
        .optional()?;
    let Some(row) = row else {
        return Err(StoreError::NotFound {
            what: "player",
            id: name.chars().take(40).collect(),
        });
    };
    complete(conn, row)
}

/// Returns the player with row id `id`; [`StoreError::NotFound`] if none.
pub(crate) fn by_id(conn: &Connection, id: PlayerId) -> Result<Player, StoreError> {
    let row = conn
        .prepare_cached("SELECT id, name, created_at, disabled FROM players WHERE id = ?1")?
        .query_row([id], row)
        .optional()?;
    let Some(row) = row else {
        return Err(StoreError::NotFound {
            what: "player",
            id: id.to_string(),
        });
    };
    complete(conn, row)
}

/// Returns the player who owns `address` (normalized first), if any.
///
/// An address the store could never hold (malformed) belongs to nobody.
pub(crate) fn find_by_address(
    conn: &Connection,
    address: &str,
) -> Result<Option<Player>, StoreError> {
    let Ok(address) = normalize_address(address) else {
        return Ok(None);
    };
    match owner_of(conn, &address)? {
        Some(name) => find(conn, &name).map(Some),
        None => Ok(None),
    }
}

/// Returns every player, by name.
pub(crate) fn list(conn: &Connection) -> Result<Vec<Player>, StoreError> {
    let mut stmt =
        conn.prepare("SELECT id, name, created_at, disabled FROM players ORDER BY name")?;
    let rows = stmt.query_map([], row)?.collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(|r| complete(conn, r)).collect()
}

/// A `players` row: id, name, creation time and the disabled flag.
struct Row {
    id: PlayerId,
    name: String,
    created_at: DateTime<Utc>,
    disabled: bool,
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok(Row {
        id: r.get(0)?,
        name: r.get(1)?,
        created_at: r.stored(2)?,
        disabled: r.get(3)?,
    })
}

fn complete(conn: &Connection, row: Row) -> Result<Player, StoreError> {
    let Row {
        id,
        name,
        created_at,
        disabled,
    } = row;
    let mut stmt =
        conn.prepare_cached("SELECT address FROM addresses WHERE player_id = +?1 ORDER BY id")?;
    let addresses = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(Player {
        id,
        name,
        addresses,
        created_at,
        disabled,
    })
}

/// Returns the players who take one digest a day (`notify digest`) and
/// are not disabled, by id.
pub(crate) fn with_digest(conn: &Connection) -> Result<Vec<PlayerRef>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, name FROM players WHERE notify = 'digest' AND disabled = 0 ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(PlayerRef {
            id: r.get(0)?,
            name: r.get(1)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn names_are_checked_and_lower_cased() {
        assert_eq!(check_name("Alice_2").unwrap(), "alice_2");
        for bad in ["a", "al ice", "alice!", "ünï", &"x".repeat(21)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn addresses_are_normalized() {
        let n = |s: &str| normalize_address(s).unwrap();
        assert_eq!(n("Alice@Example.ORG"), "alice@example.org");
        assert_eq!(n("\"Alice A.\" <Alice@Example.org>"), "alice@example.org");
        assert_eq!(n(" <bob@x.net> "), "bob@x.net");
        assert_ne!(n("\u{212A}ate@example.org"), "kate@example.org");
        for bad in ["alice", "@x.org", "a@", "a b@x.org", "a@@x", "a@x..org"] {
            assert!(normalize_address(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_and_addresses_are_unique() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        let now = Utc::now();
        let addrs = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = add(c, "Alice", &addrs(&["A@x.org", "a@x.org", "a2@x.org"]), now).unwrap();
        assert_eq!(a.name, "alice");
        assert_eq!(a.addresses, ["a@x.org", "a2@x.org"]);
        let dup_name = add(c, "ALICE", &addrs(&["z@x.org"]), now);
        assert!(matches!(dup_name, Err(StoreError::Taken { .. })));
        let dup_addr = add(c, "bob", &addrs(&["Bob <A2@X.org>"]), now);
        assert!(matches!(dup_addr, Err(StoreError::Taken { .. })));
        assert_eq!(
            find_by_address(c, "<A2@x.org>").unwrap().map(|p| p.name),
            Some("alice".into())
        );
        assert!(matches!(find(c, "bob"), Err(StoreError::NotFound { .. })));
        assert_eq!(list(c).unwrap().len(), 1);
    }
}
