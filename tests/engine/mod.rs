//! The Go engine: ko cases, properties, and the shared corpus against the reference checker.

mod corpus;
mod diff;
mod ko_cases;
mod props;
mod scoring_corpus;
