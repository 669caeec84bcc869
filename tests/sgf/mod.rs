//! The SGF reader and the point and board readers, and the full record of
//! a game played by mail.

mod corpus;
mod props;
mod record;
