//! The command line, through the real binary.

mod admin;
mod backup;
mod estimate;
mod exits;
mod held;
mod json;
mod kill;
mod picture;
mod private;
mod repair;
mod send;
mod status;
mod store;
