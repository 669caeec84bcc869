//! The command line, through the real binary.

mod admin;
mod backup;
mod kill;
mod send;
mod store;
