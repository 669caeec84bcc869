//! The ids of rows that other rows and mails refer to: [`PlayerId`],
//! [`MessageId`], [`OutboxId`], [`SignupId`] and [`QuarantineId`] here,
//! `GameId` beside the games (`games::id`), each a column (`ToSql`,
//! `FromSql`) that reads only a number of at least 1.
//!
//! Owns `row_id!` (a newtype over the row id, shown and serialized as the
//! bare number, so text and JSON read as they did when it was an `i64`) and
//! `sql_id!` (its column conversions).

/// Implements `ToSql` and `FromSql` for an id type with `new` and `get`:
/// written as the row id, read back only when it is at least 1.
macro_rules! sql_id {
    ($name:ident, $what:literal) => {
        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.get()))
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(
                value: rusqlite::types::ValueRef<'_>,
            ) -> rusqlite::types::FromSqlResult<Self> {
                let n = value.as_i64()?;
                $name::new(n).ok_or_else(|| crate::store::codec::not_a($what, &n.to_string()))
            }
        }
    };
}
pub(crate) use sql_id;

/// Declares an id type: a row id of at least 1, shown as the bare number.
macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            /// Returns the id with number `n`, if `n` is at least 1.
            pub fn new(n: i64) -> Option<Self> {
                (n >= 1).then_some(Self(n))
            }

            /// Returns the number (the row id).
            pub fn get(self) -> i64 {
                self.0
            }

            /// Returns the id of a row SQLite just assigned.
            #[allow(dead_code, reason = "a quarantine row's id is read back, not taken from the insert")]
            pub(crate) fn from_rowid(rowid: i64) -> Result<Self, crate::store::StoreError> {
                Self::new(rowid).ok_or_else(|| crate::store::StoreError::Corrupt {
                    id: rowid.to_string(),
                    what: $what,
                    reason: "SQLite assigned an id below 1".into(),
                })
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        sql_id!($name, $what);
    };
}

row_id!(
    /// A player's id (the `players` row), shown as the bare number: players
    /// are named by their names, the id is for rows and keys.
    PlayerId,
    "a player id"
);

row_id!(
    /// An inbound message's id (the `messages` row): what the mail it
    /// caused is answering (`outbox.inbound_id`).
    MessageId,
    "a message id"
);

row_id!(
    /// A queued mail's id (the `outbox` row), as `pbmgo outbox` shows it.
    OutboxId,
    "an outbox id"
);

row_id!(
    /// A pending signup's or new address's id (the `pending_signups` row).
    SignupId,
    "a signup id"
);

row_id!(
    /// A quarantined message's id (the `quarantine` row), as
    /// `pbmgo quarantine retry ID` takes it.
    QuarantineId,
    "a quarantine id"
);

row_id!(
    /// A tournament's id (the `tournaments` row); players and the admin
    /// name tournaments by their names, the id is for rows and keys.
    TournamentId,
    "a tournament id"
);
