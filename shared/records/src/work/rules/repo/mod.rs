//! The rule set's item: `TEAM#<teamId>` / `WORKRULES` (the serialized [`RuleSet`](super::RuleSet), camelCase),
//! absent until a team saves one. Only this module reaches the store for the rules.

pub mod read;
