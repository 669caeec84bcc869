//! The second layer: the record of a message. What its commands did and
//! the letters they caused (`report`), and its row in the `messages`
//! table, the exactly-once key (`journal`).

pub(in crate::pipeline) mod journal;
pub(in crate::pipeline) mod report;
