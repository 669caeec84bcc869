//! One command line read by `parse_command`, for the command-language
//! tests: the command it is, or the refusal it gets.

use pbmgo::command::{Command, CommandError, parse_command};

/// The command `line` reads as; fails the test if it is chat or refused.
pub fn ok(line: &str) -> Command {
    match parse_command(line) {
        Some(Ok(command)) => command,
        other => panic!("{line:?} gave {other:?}"),
    }
}

/// Why `line` is refused; fails the test if it is chat or a command.
pub fn err(line: &str) -> CommandError {
    match parse_command(line) {
        Some(Err(e)) => e,
        other => panic!("{line:?} gave {other:?}"),
    }
}

/// The code of the refusal of `line`.
pub fn code(line: &str) -> &'static str {
    err(line).code()
}
