//! `skip`/`limit` pagination of lists (page size 20 by default, §9).

use bt_core::error::{AppError, AppResult};

pub const DEFAULT_PAGE_SIZE: usize = 20;
pub const MAX_PAGE_SIZE: usize = 100;
/// Far beyond any real list; keeps a hostile `skip` from meaning anything.
pub const MAX_SKIP: u64 = 1_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub skip: usize,
    pub limit: usize,
}

impl Default for Paging {
    fn default() -> Self {
        Paging { skip: 0, limit: DEFAULT_PAGE_SIZE }
    }
}

impl Paging {
    pub fn new(skip: Option<u64>, limit: Option<u64>) -> AppResult<Paging> {
        let limit = limit.unwrap_or(DEFAULT_PAGE_SIZE as u64);
        if limit == 0 || limit > MAX_PAGE_SIZE as u64 {
            return Err(AppError::field("limit", format!("Limit must be between 1 and {MAX_PAGE_SIZE}.")));
        }
        let skip = skip.unwrap_or(0);
        if skip > MAX_SKIP {
            return Err(AppError::field("skip", "Skip is too large."));
        }
        Ok(Paging { skip: skip as usize, limit: limit as usize })
    }

    /// The page of an in-memory list.
    pub fn slice<T>(&self, items: Vec<T>) -> Vec<T> {
        items.into_iter().skip(self.skip).take(self.limit).collect()
    }
}
