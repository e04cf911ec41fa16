//! Statutory break and rest rules: the team's rule set (a preset of a country's law, the EU minimum, or the team's
//! own numbers), the engine that finds where a day falls short, and the live guard's plan. Every rule warns; none
//! blocks or changes a record. Laws, sections and readings: `docs/break-rules.md`.

pub mod engine;
pub mod findings;
pub mod live_day;
pub mod model;
pub mod notes;
pub mod repo;
pub mod report;
pub mod settings;

pub use model::*;
