//! The command line, through the real binary.

mod backup;
mod kill;
mod send;
mod store;
