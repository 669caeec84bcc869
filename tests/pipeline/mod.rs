//! Mail handled end to end: replies, records and games.

mod bounces;
mod clients;
mod clients_more;
mod clocks;
mod game;
mod ko;
mod lifecycle;
mod lifecycle_scoring;
mod loops;
mod newcomers;
mod once;
mod personal;
mod personal_settings;
mod smtp;
mod threads;
mod tokens;
mod words;
