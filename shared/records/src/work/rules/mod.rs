//! Statutory break and rest rules: the team's rule set (a preset of a country's law, the EU minimum, or the team's
//! own numbers), the engine that finds where a day falls short, and the live guard's plan. Every rule warns; none
//! blocks or changes a record. Laws, sections and readings: `docs/break-rules.md`.

pub mod current;
pub mod engine;
pub mod live_day;
pub mod model;
mod repo;

pub use model::*;
