//! Faults through the real binary: hostile mail, kills, full disks, locks, refused sends.

mod concurrency;
mod disk;
mod hostile_mail;
mod kill;
mod pipeline;
mod send;
mod send_once;
mod tournament_kill;
