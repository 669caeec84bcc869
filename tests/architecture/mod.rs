//! Rules over the source tree.

mod rules;
