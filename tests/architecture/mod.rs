//! Rules over the source tree, and that every test file is compiled.

mod compiled;
mod docs;
mod rules;
mod tools;
mod unsafety;
