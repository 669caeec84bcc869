//! How engine values are written in columns: colours and statuses as
//! words, moves as `C3` or `pass`, points of the ko ban as `C3`, times as
//! RFC 3339 UTC text, 64-bit hashes as `INTEGER` (the same bits as `i64`).
//!
//! The engine's types live in `pbmgo-go`, which knows nothing of SQLite,
//! so they cross into columns wrapped: [`Sql`]`(value)` is a parameter
//! (`ToSql`) and a column (`FromSql`), and [`Stored::stored`] reads a
//! column straight into the engine type. A move or point needs its
//! board's size to be read, so its column is read as [`OnBoard`] and
//! checked against the size once that is known. A value that does not read
//! is a `FromSqlError` naming it ([`NotA`]), which the store reports as
//! [`StoreError::Unreadable`](super::StoreError::Unreadable).
//!
//! Owns only these conversions; which column holds what is the business of
//! the aggregate modules.

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::Row;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, Type, ValueRef};
use thiserror::Error;

use crate::clock::System;
use crate::go::events::GameEvent;
use crate::go::{BoardSize, Color, CoordError, KoRule, Move, Phase, Point, Scoring};

/// An engine value in its stored form: `Sql(Color::Black)` is the column text `black`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sql<T>(pub(crate) T);

/// A stored value that is not what its column holds.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("'{text}' is not {what}")]
pub(crate) struct NotA {
    /// What the column holds: `a colour`, `a status`, `a time`.
    pub(crate) what: &'static str,
    /// The stored value, shortened.
    pub(crate) text: String,
}

/// The error for stored `text` that is not `what`.
pub(crate) fn not_a(what: &'static str, text: &str) -> FromSqlError {
    FromSqlError::Other(Box::new(NotA {
        what,
        text: text.chars().take(40).collect(),
    }))
}

/// Reads columns as engine values.
pub(crate) trait Stored {
    /// Returns column `idx` read as a `T` through its stored form.
    fn stored<T>(&self, idx: usize) -> rusqlite::Result<T>
    where
        Sql<T>: FromSql;

    /// Returns column `idx` read as a `T` through its stored form, or `None` for `NULL`.
    fn stored_opt<T>(&self, idx: usize) -> rusqlite::Result<Option<T>>
    where
        Sql<T>: FromSql;

    /// Returns column `idx` read as a move on a board of `size`.
    fn move_on(&self, idx: usize, size: BoardSize) -> rusqlite::Result<Move>;
}

impl Stored for Row<'_> {
    fn stored<T>(&self, idx: usize) -> rusqlite::Result<T>
    where
        Sql<T>: FromSql,
    {
        self.get::<_, Sql<T>>(idx).map(|v| v.0)
    }

    fn stored_opt<T>(&self, idx: usize) -> rusqlite::Result<Option<T>>
    where
        Sql<T>: FromSql,
    {
        self.get::<_, Option<Sql<T>>>(idx).map(|v| v.map(|v| v.0))
    }

    fn move_on(&self, idx: usize, size: BoardSize) -> rusqlite::Result<Move> {
        let text: OnBoard = self.get(idx)?;
        text.to_move(size).map_err(|e| off_board(idx, e))
    }
}

fn off_board(idx: usize, e: CoordError) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(idx, Type::Text, Box::new(e))
}

impl ToSql for Sql<Color> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.name()))
    }
}

impl FromSql for Sql<Color> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        match value.as_str()? {
            "black" => Ok(Sql(Color::Black)),
            "white" => Ok(Sql(Color::White)),
            other => Err(not_a("a colour", other)),
        }
    }
}

impl ToSql for Sql<System> {
    /// Writes the system's pinned text (`fischer 3d+1d max 7d`).
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_string()))
    }
}

impl FromSql for Sql<System> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        System::parse(text)
            .map(Sql)
            .map_err(|_| not_a("a time system", text))
    }
}

impl ToSql for Sql<Phase> {
    /// Writes `active`, `scoring` or `finished`.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.name()))
    }
}

impl FromSql for Sql<Phase> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        [Phase::Play, Phase::Scoring, Phase::Finished]
            .into_iter()
            .find(|p| p.name() == text)
            .map(Sql)
            .ok_or_else(|| not_a("a status", text))
    }
}

impl ToSql for Sql<DateTime<Utc>> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(time_text(self.0)))
    }
}

impl FromSql for Sql<DateTime<Utc>> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        parse_time(text)
            .map(Sql)
            .map_err(|_| not_a("an RFC 3339 time", text))
    }
}

/// Implements the column forms of an engine rule read by `FromStr` and
/// written by `name()`: the ko rule and the scoring.
macro_rules! named {
    ($t:ty, $what:literal) => {
        impl ToSql for Sql<$t> {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.0.name()))
            }
        }

        impl FromSql for Sql<$t> {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                let text = value.as_str()?;
                text.parse().map(Sql).map_err(|_| not_a($what, text))
            }
        }
    };
}

named!(KoRule, "a ko rule");
named!(Scoring, "a scoring");

impl ToSql for Sql<GameEvent> {
    /// Writes the event as the engine words it (`move B C3`, `resign W`).
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_string()))
    }
}

impl FromSql for Sql<GameEvent> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        text.parse()
            .map(Sql)
            .map_err(|_| not_a("a game event", text))
    }
}

impl ToSql for Sql<Move> {
    /// Writes `C3` or `pass`.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_string()))
    }
}

impl ToSql for Sql<Point> {
    /// Writes `C3`.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_string()))
    }
}

impl ToSql for Sql<u64> {
    /// Writes a 64-bit hash as SQLite stores it (the same bits, as `i64`).
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0 as i64))
    }
}

impl FromSql for Sql<u64> {
    /// Reads the hash whose bits SQLite stored as `i64`.
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value.as_i64().map(|v| Sql(v as u64))
    }
}

/// A move (`C3`, `pass`) or point (`C3`) column as stored, to be read
/// against its board's size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OnBoard(String);

impl FromSql for OnBoard {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value.as_str().map(|t| OnBoard(t.to_owned()))
    }
}

impl OnBoard {
    /// Returns the move on a board of `size`.
    pub(crate) fn to_move(&self, size: BoardSize) -> Result<Move, CoordError> {
        Move::parse(&self.0, size)
    }

    /// Returns the point on a board of `size`.
    pub(crate) fn to_point(&self, size: BoardSize) -> Result<Point, CoordError> {
        Point::parse(&self.0, size)
    }
}

/// Returns false for a row that failed because a column does not read
/// (for the lists that skip such a row rather than fail).
pub(crate) fn readable<T>(row: &rusqlite::Result<T>) -> bool {
    !matches!(row, Err(rusqlite::Error::FromSqlConversionFailure(..)))
}

/// Returns `t` as RFC 3339 UTC text to the second, such as `2026-11-22T15:04:05Z`.
pub(crate) fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Reads RFC 3339 text as a UTC time.
pub(crate) fn parse_time(text: &str) -> Result<DateTime<Utc>, chrono::ParseError> {
    DateTime::parse_from_rfc3339(text).map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
#[path = "codec_tests.rs"]
mod tests;
