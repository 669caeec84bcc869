//! The command line, through the real binary.

mod admin;
mod backup;
mod kill;
mod repair;
mod send;
mod store;
