//! The jobs no inbound mail starts: `tick`, run from cron (the clocks,
//! reminders and digests), the deadlines it passes (`deadlines`), and the
//! admin's game commands (`admin`). They sit beside `message` on top and
//! use the layers below.

pub(crate) mod admin;
pub(in crate::pipeline) mod deadlines;
pub(crate) mod tick;
