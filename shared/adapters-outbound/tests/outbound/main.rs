//! The crate's tests, one binary: address rules, Web Push against a local fake push service, and webhooks against
//! a local receiver. Only IP literals and `localhost` are resolved: the machines that run tests reach no internet.

mod endpoint;
mod push;
mod support;
mod webhook;
