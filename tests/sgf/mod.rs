//! The SGF reader and the point and board readers.

mod corpus;
mod props;
