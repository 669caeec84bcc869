//! Mail handled end to end: replies, records and games.

mod bounces;
mod challenge_words;
mod chat;
mod clients;
mod clients_more;
mod clocks;
mod deferred;
mod game;
mod game_thread;
mod hardening;
mod harness;
mod ko;
mod lifecycle;
mod lifecycle_scoring;
mod loops;
mod move_news;
mod newcomers;
mod once;
mod personal;
mod personal_settings;
mod replies_quoted;
mod smtp;
mod stale_done;
mod threads;
mod tokens;
mod words;
