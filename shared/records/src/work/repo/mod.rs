//! The items of working time and the transaction parts that write them. Only this module reaches the store.

pub mod lock;
pub mod timesheets;
