//! The command line, through the real binary.

mod admin;
mod backup;
mod estimate;
mod held;
mod kill;
mod picture;
mod repair;
mod send;
mod store;
