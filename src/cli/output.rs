//! What commands print: `out!` and `outln!`, which write to stdout and
//! return an error instead of panicking when stdout is closed
//! (`pbmgo game list | head`), errors as one line, and the capitalized
//! words sentences start with.
//!
//! Declared first in `cli` with `#[macro_use]`, so every command file can
//! use the macros.

use std::io::Write as _;

/// Prints to stdout like `print!`, returning an error instead of panicking
/// when stdout is closed (`pbmgo game list | head`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!($($arg)*))
    };
}

/// Prints a line to stdout like `println!`; see [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes to stdout; a closed pipe becomes an error that `exit::status` treats as
/// the reader having seen enough.
pub(super) fn write_stdout(args: std::fmt::Arguments<'_>) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_fmt(args)?;
    stdout.flush()?;
    Ok(())
}

/// Returns true when `err` comes from writing to a closed pipe.
pub(super) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Returns an error and its causes on one line.
pub(crate) fn one_line(err: &anyhow::Error) -> String {
    err.chain()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}

/// Returns `s` with its first letter upper-case.
pub(super) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
