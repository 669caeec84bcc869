//! Mail in and out: commands, inbound parsing, templates, transports, Maildir.

mod chat;
mod commands;
mod commands_address;
mod commands_game;
mod commands_if;
mod commands_public;
mod grid_html;
mod inbound;
mod lifecycle_mails;
mod limits;
mod maildir;
mod outbound;
mod props;
mod props_commands_game;
mod props_own_words;
mod quoting;
