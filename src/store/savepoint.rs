//! [`Savepoint`]: one message's part of a batch's transaction, which can be
//! undone alone (its message is quarantined) while the batch goes on.
//!
//! Owns the savepoint SQL. A savepoint dropped without [`Savepoint::release`]
//! or [`Savepoint::roll_back`] stays open until the transaction ends: a
//! failure that aborts the whole transaction needs nothing more.

use rusqlite::Connection;

use super::StoreError;

/// An open savepoint named `message` in the caller's transaction.
#[must_use = "release or roll back the savepoint"]
pub(crate) struct Savepoint<'c> {
    conn: &'c Connection,
}

impl<'c> Savepoint<'c> {
    /// Opens the savepoint in `conn`'s transaction.
    pub(crate) fn begin(conn: &'c Connection) -> Result<Self, StoreError> {
        conn.prepare_cached("SAVEPOINT message")?.execute([])?;
        Ok(Savepoint { conn })
    }

    /// Keeps what was done since [`Savepoint::begin`] in the transaction.
    pub(crate) fn release(self) -> Result<(), StoreError> {
        self.conn.prepare_cached("RELEASE message")?.execute([])?;
        Ok(())
    }

    /// Undoes what was done since [`Savepoint::begin`] and closes the savepoint.
    pub(crate) fn roll_back(self) -> Result<(), StoreError> {
        Ok(self
            .conn
            .execute_batch("ROLLBACK TO message; RELEASE message")?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn count(conn: &Connection) -> i64 {
        conn.query_row("SELECT count(*) FROM quarantine", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn a_released_savepoint_keeps_its_rows_and_a_rolled_back_one_does_not() {
        let mut store = Store::open_in_memory().unwrap();
        let now = chrono::Utc::now();
        store
            .write(|tx| {
                let kept = Savepoint::begin(tx)?;
                crate::store::quarantine::hold(tx, "a", None, "why", now)?;
                kept.release()?;
                let undone = Savepoint::begin(tx)?;
                crate::store::quarantine::hold(tx, "b", None, "why", now)?;
                undone.roll_back()?;
                assert_eq!(count(tx), 1);
                Ok::<_, StoreError>(())
            })
            .unwrap();
        assert_eq!(count(store.conn()), 1);
    }
}
