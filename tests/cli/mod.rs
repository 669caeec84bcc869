//! The command line, through the real binary.

mod admin;
mod backup;
mod deb;
mod estimate;
mod exits;
mod held;
mod kill;
mod outage;
mod picture;
mod private;
mod repair;
mod send;
mod store;
mod upgrade;
