//! The command line, through the real binary.

mod admin;
mod backup;
mod clocks;
mod deb;
mod estimate;
mod exits;
mod held;
mod json;
mod kill;
mod outage;
mod picture;
mod private;
mod repair;
mod send;
mod site;
mod site_game;
mod status;
mod statuses;
mod store;
mod upgrade;
