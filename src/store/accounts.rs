//! The admin's repairs of a player's account (`pbmgo player address
//! add|remove`, `player rename`, `player disable|enable`): adding and
//! removing an address, renaming, and the `players.disabled` flag.
//!
//! Owns the rules of those repairs: an address is normalized as
//! `players::add` normalizes it and is refused when another player owns
//! it; a player keeps at least one address; a new name passes the same
//! check as a new player's, is not a name of the system
//! (`players::reserved_name`) and is not taken (names are lower-case, so
//! the clash is case-insensitive). A repair that changes nothing (an
//! address the player has, the name they have, the state they are in)
//! says so instead of failing. Passwords are `settings`'.

use rusqlite::{Connection, params};
use thiserror::Error;

use super::StoreError;
use super::games::GameId;
use super::ids::PlayerId;
use super::players::{self, Player, check_name, normalize_address};

/// Why a repair of an account was refused.
#[derive(Debug, Error)]
pub(crate) enum AccountError {
    /// Removing the address would leave the player with none.
    #[error("{address} is the only address of {name}: add another before removing it")]
    LastAddress {
        /// The player.
        name: String,
        /// The address, normalized.
        address: String,
    },
    /// The player has no such address.
    #[error("{name} has no address {address} (their addresses: {owned})")]
    NotOwned {
        /// The player.
        name: String,
        /// The address, normalized.
        address: String,
        /// The addresses they have, comma-separated.
        owned: String,
    },
    /// A name or address that cannot be stored, no such player, or the database.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What a repair came to: the player as it left them, and whether it
/// changed anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Repaired {
    /// The player after the repair.
    pub(crate) player: Player,
    /// False when the account already was as asked.
    pub(crate) changed: bool,
}

/// The server's own address and display name, which no player may take as a name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ServerNames<'a> {
    /// `[server] address`.
    pub(crate) address: &'a str,
    /// `[server] name`.
    pub(crate) name: &'a str,
}

/// Gives player `name` the address `text` (normalized); returns the player
/// and the normalized address. Refuses an address another player owns
/// ([`StoreError::Taken`]).
pub(crate) fn add_address(
    conn: &Connection,
    name: &str,
    text: &str,
) -> Result<(Repaired, String), AccountError> {
    let player = players::find(conn, name)?;
    let address = normalize_address(text)?;
    match players::owner_of(conn, &address)? {
        Some(owner) if owner == player.name => return Ok((unchanged(player), address)),
        Some(owner) => {
            return Err(StoreError::Taken {
                what: "address",
                value: format!("{address} (by {owner})"),
            }
            .into());
        }
        None => {}
    }
    exec(
        conn,
        "INSERT INTO addresses (address, player_id) VALUES (?1, ?2)",
        params![address, player.id],
    )?;
    Ok((reread(conn, &player)?, address))
}

/// Takes the address `text` (normalized) from player `name`; returns the
/// player and the normalized address. Refuses an address they do not own
/// and their last one.
pub(crate) fn remove_address(
    conn: &Connection,
    name: &str,
    text: &str,
) -> Result<(Repaired, String), AccountError> {
    let player = players::find(conn, name)?;
    let address = normalize_address(text)?;
    if !player.addresses.contains(&address) {
        return Err(AccountError::NotOwned {
            owned: player.addresses.join(", "),
            name: player.name,
            address,
        });
    }
    if player.addresses.len() == 1 {
        return Err(AccountError::LastAddress {
            name: player.name,
            address,
        });
    }
    exec(
        conn,
        "DELETE FROM addresses WHERE address = ?1 AND player_id = ?2",
        params![address, player.id],
    )?;
    Ok((reread(conn, &player)?, address))
}

/// Renames player `old` to `new` (checked as a new player's name, then
/// against the names of the `server`); refuses a name another player has.
pub(crate) fn rename(
    conn: &Connection,
    old: &str,
    new: &str,
    server: ServerNames<'_>,
) -> Result<Repaired, AccountError> {
    let player = players::find(conn, old)?;
    let new = check_name(new)?;
    if let Some(why) = players::reserved_name(&new, server.address, server.name) {
        let what = "player name";
        let reason = why.to_string();
        return Err(StoreError::Invalid {
            what,
            value: new,
            reason,
        }
        .into());
    }
    if new == player.name {
        return Ok(unchanged(player));
    }
    if players::exists(conn, &new)? {
        let taken = StoreError::Taken {
            what: "player name",
            value: new,
        };
        return Err(taken.into());
    }
    exec(
        conn,
        "UPDATE players SET name = ?2 WHERE id = ?1",
        params![player.id, new],
    )?;
    let player = players::find(conn, &new)?;
    Ok(Repaired {
        player,
        changed: true,
    })
}

/// Disables (`disabled`) or enables player `name`.
pub(crate) fn set_disabled(
    conn: &Connection,
    name: &str,
    disabled: bool,
) -> Result<Repaired, AccountError> {
    let player = players::find(conn, name)?;
    if player.disabled == disabled {
        return Ok(unchanged(player));
    }
    exec(
        conn,
        "UPDATE players SET disabled = ?2 WHERE id = ?1",
        params![player.id, disabled],
    )?;
    Ok(reread(conn, &player)?)
}

/// Runs one statement of a repair.
fn exec(conn: &Connection, sql: &str, values: impl rusqlite::Params) -> Result<usize, StoreError> {
    Ok(conn.prepare_cached(sql)?.execute(values)?)
}

fn unchanged(player: Player) -> Repaired {
    Repaired {
        player,
        changed: false,
    }
}

/// The player as a repair left them.
fn reread(conn: &Connection, before: &Player) -> Result<Repaired, StoreError> {
    Ok(Repaired {
        player: players::find(conn, &before.name)?,
        changed: true,
    })
}

/// Returns the ids of every game and challenge player `id` is or was in:
/// the scopes of the reply tokens their mail carried.
pub(crate) fn token_scopes(conn: &Connection, id: PlayerId) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM games WHERE black_id = ?1 OR white_id = ?1
         UNION SELECT id FROM challenges WHERE challenger_id = ?1 OR challenged_id = ?1",
    )?;
    let ids = stmt.query_map([id], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::store::Store;

    const SERVER: ServerNames<'static> = ServerNames {
        address: "games@pbmgo.example",
        name: "pbmgo",
    };

    fn two_players(c: &Connection) {
        let now = Utc::now();
        players::add(c, "alice", &["alice@x.org".to_string()], now).unwrap();
        players::add(c, "bob", &["bob@x.org".to_string()], now).unwrap();
    }

    #[test]
    fn addresses_are_added_once_and_never_taken_from_another() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        two_players(c);
        let (done, address) = add_address(c, "ALICE", "Alice <Alice@Y.org>").unwrap();
        assert_eq!(address, "alice@y.org");
        assert!(done.changed);
        assert_eq!(done.player.addresses, ["alice@x.org", "alice@y.org"]);
        assert!(!add_address(c, "alice", "alice@y.org").unwrap().0.changed);
        let taken = add_address(c, "alice", "BOB@x.org");
        assert!(matches!(
            taken,
            Err(AccountError::Store(StoreError::Taken { .. }))
        ));
        let bad = add_address(c, "alice", "not an address");
        assert!(matches!(
            bad,
            Err(AccountError::Store(StoreError::Invalid { .. }))
        ));
    }

    #[test]
    fn the_last_address_and_another_players_are_not_removed() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        two_players(c);
        let last = remove_address(c, "alice", "alice@x.org");
        assert!(matches!(last, Err(AccountError::LastAddress { .. })));
        let other = remove_address(c, "alice", "bob@x.org");
        assert!(matches!(other, Err(AccountError::NotOwned { .. })));
        add_address(c, "alice", "alice@y.org").unwrap();
        let (done, _) = remove_address(c, "alice", "<Alice@X.org>").unwrap();
        assert_eq!(done.player.addresses, ["alice@y.org"]);
    }

    #[test]
    fn a_rename_is_checked_like_a_new_name() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        two_players(c);
        for bad in ["a", "no spaces", "postmaster", "games", "game12", "PBMGO"] {
            let refused = rename(c, "alice", bad, SERVER);
            assert!(
                matches!(
                    refused,
                    Err(AccountError::Store(StoreError::Invalid { .. }))
                ),
                "{bad}"
            );
        }
        let clash = rename(c, "alice", "BOB", SERVER);
        assert!(matches!(
            clash,
            Err(AccountError::Store(StoreError::Taken { .. }))
        ));
        assert!(!rename(c, "alice", "Alice", SERVER).unwrap().changed);
        let done = rename(c, "alice", "Alicia", SERVER).unwrap();
        assert_eq!((done.player.name.as_str(), done.changed), ("alicia", true));
        assert_eq!(
            players::find_by_address(c, "alice@x.org")
                .unwrap()
                .unwrap()
                .name,
            "alicia"
        );
    }

    #[test]
    fn disabling_is_a_flag_that_says_when_it_was_already_set() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        two_players(c);
        assert!(!players::find(c, "bob").unwrap().disabled);
        assert!(set_disabled(c, "bob", true).unwrap().changed);
        assert!(players::find(c, "bob").unwrap().disabled);
        assert!(!set_disabled(c, "bob", true).unwrap().changed);
        assert!(set_disabled(c, "bob", false).unwrap().changed);
        assert!(matches!(
            set_disabled(c, "nobody", true),
            Err(AccountError::Store(StoreError::NotFound { .. }))
        ));
    }
}
