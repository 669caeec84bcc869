//! End to end against a real Postfix and Dovecot (`tests/mailstack/`); ignored without them.

mod bounce;
mod e2e;
mod imap;
