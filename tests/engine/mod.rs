//! The Go engine: ko cases, properties, and the shared corpus against the reference checker.

mod corpus;
mod diff;
mod estimate_corpus;
mod ko_cases;
mod markup;
mod props;
mod scoring_corpus;
