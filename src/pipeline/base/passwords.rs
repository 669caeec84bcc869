//! Password checks made before the write transaction. An argon2 check
//! costs tens of milliseconds by design; made while the write lock is
//! held, a run of password mails (or guesses) would keep every other
//! `deliver` and `poll` waiting. So the runner reads each message once
//! beforehand, outside any write transaction (`precheck`): when its
//! sender is a player and it has one `password` line, the line is checked
//! against the stored hash, and a password it would set is hashed. Inside
//! the transaction the commands ask [`matches`] and [`hash`], which use
//! those results when they fit (the same stored hash, the same secret and
//! salt) and compute afresh otherwise (a message before it in the batch
//! changed the password, or nothing was prechecked): the answer is the
//! same either way, only where the time is spent differs. The results
//! live in [`Prechecked`], one per message, passed in its
//! [`Env`](super::context::Env).

use std::cell::{Cell, RefCell};

use sha2::{Digest, Sha256};

use crate::store::PlayerId;
use crate::store::StoreError;
use crate::store::settings as store;

/// Wrong passwords a player may send in an hour before the check pauses.
pub(crate) const WRONG_PASSWORDS_PER_HOUR: u32 = 5;

/// What was checked before the transaction; see the module header.
#[derive(Debug, Default)]
pub(crate) struct Prechecked {
    /// Stored hash, secret, and whether the secret matches it (a check
    /// made late is kept too, so a message never makes one twice).
    pub(crate) verdicts: RefCell<Vec<(String, String, bool)>>,
    /// Secret, salt, and its hash.
    pub(crate) hashes: Vec<(String, [u8; 16], String)>,
    /// How many checks or hashes were made before the transaction.
    pub(crate) ahead: u32,
    /// How many checks or hashes were made inside the transaction after all.
    late: Cell<u32>,
}

impl Prechecked {
    /// How many argon2 checks or hashes the message made inside its
    /// transaction (none when the precheck foresaw them).
    pub(crate) fn late(&self) -> u32 {
        self.late.get()
    }

    /// How many argon2 checks or hashes the message made in all, before
    /// and inside its transaction.
    pub(crate) fn made(&self) -> u32 {
        self.ahead + self.late.get()
    }
}

/// True when `secret` matches the stored `hash`, from the precheck when it
/// made this very check.
pub(crate) fn matches(checked: Option<&Prechecked>, hash: &str, secret: &str) -> bool {
    let known = checked.and_then(|c| {
        let verdicts = c.verdicts.borrow();
        let found = verdicts.iter().find(|(h, s, _)| h == hash && s == secret);
        found.map(|(_, _, ok)| *ok)
    });
    if let Some(ok) = known {
        return ok;
    }
    let ok = store::password_matches(hash, secret);
    if let Some(c) = checked {
        c.late.set(c.late.get() + 1);
        let verdict = (hash.to_string(), secret.to_string(), ok);
        c.verdicts.borrow_mut().push(verdict);
    }
    ok
}

/// The argon2 hash of `secret` with `salt`, from the precheck when it made it.
pub(crate) fn hash(
    checked: Option<&Prechecked>,
    secret: &str,
    salt: &[u8; 16],
) -> Result<String, StoreError> {
    let known = checked.and_then(|c| {
        let found = c.hashes.iter().find(|(s, t, _)| s == secret && t == salt);
        found.map(|(_, _, phc)| phc.clone())
    });
    match known {
        Some(phc) => Ok(phc),
        None => {
            if let Some(c) = checked {
                c.late.set(c.late.get() + 1);
            }
            store::hash_password(secret, salt)
        }
    }
}

/// The salt of a password the message with key `key` sets for player
/// `player_id`: unique to the message and the player, mixed with the
/// process's random bytes (`entropy`, drawn at the CLI edge) and the
/// server's token `secret`, so outsiders cannot predict it.
pub(crate) fn salt(entropy: &[u8; 16], secret: &[u8], key: &str, player_id: PlayerId) -> [u8; 16] {
    let mut h = Sha256::new();
    h.update(b"pbmgo password salt v2\0");
    h.update(entropy);
    h.update(secret);
    h.update(key.as_bytes());
    h.update(player_id.get().to_le_bytes());
    let digest = h.finalize();
    let mut out = [0u8; 16];
    out.copy_from_slice(&digest[..16]);
    out
}
