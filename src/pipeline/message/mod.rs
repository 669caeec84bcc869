//! The top layer: one inbound message, handled. `process` runs it as named
//! steps (size, parse, seen before, ignored, forged senders: `auth`, our
//! own words it repeats: `recall`, bounces: `bounces`, then a player's
//! commands or a stranger's: `stranger`, and a disabled player's one
//! reply: `disabled`), and `answer` records it and queues its replies.
//! `precheck` reads a message once before its transaction for its
//! password work.

pub(in crate::pipeline) mod answer;
pub(in crate::pipeline) mod auth;
pub(in crate::pipeline) mod bounces;
pub(in crate::pipeline) mod disabled;
pub(in crate::pipeline) mod precheck;
pub(in crate::pipeline) mod process;
pub(in crate::pipeline) mod recall;
pub(in crate::pipeline) mod stranger;
