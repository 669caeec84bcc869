//! The store's library API.

mod games;
