//! The embedded adapter: the same table model in one SQLite file (bundled library), for `make run` and tests.

use std::path::Path;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use rusqlite::{params_from_iter, Connection, OptionalExtension, ToSql, Transaction, TransactionBehavior};
use serde_json::Value;

use bt_core::store::*;

pub struct SqliteTable {
    conn: Arc<Mutex<Connection>>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS items (
    pk TEXT NOT NULL,
    sk TEXT NOT NULL,
    gsi1pk TEXT,
    gsi1sk TEXT,
    gsi2pk TEXT,
    gsi2sk TEXT,
    data TEXT NOT NULL,
    PRIMARY KEY (pk, sk)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS items_gsi1 ON items (gsi1pk, gsi1sk, pk, sk) WHERE gsi1pk IS NOT NULL;
CREATE INDEX IF NOT EXISTS items_gsi2 ON items (gsi2pk, gsi2sk, pk, sk) WHERE gsi2pk IS NOT NULL;
";

impl SqliteTable {
    /// Opens (creating when needed) the database file; parent folders are created too.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        // Reads come from the mapped file rather than through read calls.
        conn.pragma_update(None, "mmap_size", 256 * 1024 * 1024)?;
        // The WAL is copied back into the database (the only step that syncs the disk) by a thread of its own,
        // never by the write that happens to cross the threshold: that write used to wait milliseconds on it.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        conn.pragma_update(None, "journal_size_limit", 64 * 1024 * 1024)?;
        // Every query shape (index, key condition, cursor, limit) stays prepared.
        conn.set_prepared_statement_cache_capacity(128);
        let conn = Arc::new(Mutex::new(conn));
        spawn_checkpointer(path, Arc::downgrade(&conn))?;
        Ok(SqliteTable { conn })
    }

    /// A private in-memory database (tests).
    pub fn in_memory() -> anyhow::Result<Self> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(SCHEMA)?;
        Ok(SqliteTable { conn: Arc::new(Mutex::new(conn)) })
    }

    /// Runs one store call on the calling task. A call is a few cached statements on a local file (tens of
    /// microseconds, no network, and with `synchronous = NORMAL` in WAL mode no sync on commit), so handing it to
    /// the blocking pool cost more than the call itself: the hand-off and the wake-up were most of a list's time.
    async fn run<T, F>(&self, f: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> StoreResult<T> + Send + 'static,
    {
        let mut guard = self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard)
    }
}

/// Housekeeping on a connection of its own, on a thread that ends when its table is dropped: every second a passive
/// checkpoint (it never blocks readers or writers), and every ten minutes DynamoDB's time to live, done the same
/// way: items whose `ttl` (epoch seconds) has passed are deleted (sessions, sign-in states, idempotency keys).
fn spawn_checkpointer(path: &Path, table: std::sync::Weak<Mutex<Connection>>) -> anyhow::Result<()> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    std::thread::Builder::new().name("sqlite-housekeeping".into()).spawn(move || {
        let mut seconds = 0u64;
        while table.strong_count() > 0 {
            if seconds.is_multiple_of(600) {
                if let Err(e) = prune_expired(&conn, chrono::Utc::now().timestamp()) {
                    tracing::warn!(error = %e, "expired items not pruned");
                }
            }
            std::thread::sleep(std::time::Duration::from_secs(1));
            seconds += 1;
            if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
                tracing::warn!(error = %e, "WAL checkpoint failed");
            }
        }
    })?;
    Ok(())
}

/// Deletes the items whose `ttl` is before `now` (epoch seconds); returns how many.
pub fn prune_expired(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    conn.execute("DELETE FROM items WHERE json_extract(data, '$.ttl') < ?1", [now])
}

fn map_err(e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::*;
    if let rusqlite::Error::SqliteFailure(f, _) = &e {
        if matches!(
            f.code,
            ReadOnly | CannotOpen | DatabaseBusy | DatabaseLocked | SystemIoFailure | DiskFull | PermissionDenied
        ) {
            return StoreError::Unavailable(e.to_string());
        }
    }
    StoreError::Other(anyhow::anyhow!(e))
}

/// A write transaction takes the write lock at its start (waiting up to the busy timeout for another process that
/// holds it), so what it reads cannot be made stale by another writer before it writes: a deferred transaction
/// would fail at once with SQLITE_BUSY_SNAPSHOT in that case.
fn write_tx(c: &mut Connection) -> StoreResult<Transaction<'_>> {
    c.transaction_with_behavior(TransactionBehavior::Immediate).map_err(map_err)
}

fn get_tx(conn: &Connection, key: &Key) -> StoreResult<Option<Item>> {
    let data: Option<String> = conn
        .prepare_cached("SELECT data FROM items WHERE pk = ?1 AND sk = ?2")
        .and_then(|mut stmt| stmt.query_row([&key.pk, &key.sk], |r| r.get(0)).optional())
        .map_err(map_err)?;
    match data {
        None => Ok(None),
        Some(text) => match serde_json::from_str(&text) {
            Ok(Value::Object(m)) => Ok(Some(m)),
            _ => Err(StoreError::Other(anyhow::anyhow!("corrupt item {}/{}", key.pk, key.sk))),
        },
    }
}

fn put_tx(conn: &Connection, item: &Item) -> StoreResult<()> {
    let key = key_of(item).ok_or_else(|| StoreError::Other(anyhow::anyhow!("item without PK/SK")))?;
    let s = |name: &str| attr_str(item, name).map(str::to_string);
    let data = serde_json::to_string(item).map_err(|e| StoreError::Other(e.into()))?;
    conn.prepare_cached(
        "INSERT OR REPLACE INTO items (pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )
    .and_then(|mut stmt| {
        stmt.execute(rusqlite::params![key.pk, key.sk, s(GSI1PK), s(GSI1SK), s(GSI2PK), s(GSI2SK), data])
    })
    .map_err(map_err)?;
    Ok(())
}

fn delete_tx(conn: &Connection, key: &Key) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM items WHERE pk = ?1 AND sk = ?2")
        .and_then(|mut stmt| stmt.execute([&key.pk, &key.sk]))
        .map_err(map_err)?;
    Ok(())
}

fn merge(current: Option<Item>, key: &Key, set: Item) -> Item {
    let mut item = current.unwrap_or_default();
    item.insert(PK.into(), Value::String(key.pk.clone()));
    item.insert(SK.into(), Value::String(key.sk.clone()));
    for (k, v) in set {
        if k == PK || k == SK {
            continue;
        }
        if v.is_null() {
            item.remove(&k);
        } else {
            item.insert(k, v);
        }
    }
    item
}

fn check(current: Option<&Item>, cond: &Cond) -> StoreResult<()> {
    if cond_holds(current, cond) {
        Ok(())
    } else {
        Err(StoreError::ConditionFailed)
    }
}

/// SQL for a sort-key condition on `col`, pushing its parameters.
fn sk_sql(col: &str, cond: &SkCond, params: &mut Vec<String>) -> String {
    let mut p = |v: &str| {
        params.push(v.to_string());
        format!("?{}", params.len())
    };
    match cond {
        SkCond::All => String::new(),
        SkCond::Eq(v) => format!(" AND {col} = {}", p(v)),
        SkCond::BeginsWith(prefix) => {
            let lo = p(prefix);
            let hi = p(&format!("{prefix}\u{10FFFF}"));
            format!(" AND {col} >= {lo} AND {col} < {hi}")
        }
        SkCond::Between(a, b) => {
            let a = p(a);
            let b = p(b);
            format!(" AND {col} BETWEEN {a} AND {b}")
        }
        SkCond::Gte(v) => format!(" AND {col} >= {}", p(v)),
        SkCond::Lte(v) => format!(" AND {col} <= {}", p(v)),
    }
}

/// The matching items as their stored JSON text (or only their number).
fn query_tx(conn: &Connection, q: &Query, count_only: bool) -> StoreResult<(Vec<String>, u64)> {
    let (pk_col, sk_col) = match q.index {
        Index::Table => ("pk", "sk"),
        Index::Gsi1 => ("gsi1pk", "gsi1sk"),
        Index::Gsi2 => ("gsi2pk", "gsi2sk"),
    };
    let mut params: Vec<String> = vec![q.pk.clone()];
    let mut sql = format!("FROM items WHERE {pk_col} = ?1");
    sql += &sk_sql(sk_col, &q.sk, &mut params);
    let order = if q.forward { "ASC" } else { "DESC" };
    // Ties on an index sort key fall back to the table key, so paging is stable.
    let order_cols: Vec<&str> = if q.index == Index::Table { vec!["sk"] } else { vec![sk_col, "pk", "sk"] };
    if !count_only {
        if let Some(c) = &q.cursor {
            let last = decode_cursor(c)?;
            let names: Vec<&str> = match q.index {
                Index::Table => vec![SK],
                Index::Gsi1 => vec![GSI1SK, PK, SK],
                Index::Gsi2 => vec![GSI2SK, PK, SK],
            };
            let mut placeholders = Vec::new();
            for n in names {
                let v = last
                    .get(n)
                    .and_then(Value::as_str)
                    .ok_or_else(|| StoreError::Other(anyhow::anyhow!("invalid cursor")))?;
                params.push(v.to_string());
                placeholders.push(format!("?{}", params.len()));
            }
            let op = if q.forward { ">" } else { "<" };
            sql += &format!(" AND ({}) {op} ({})", order_cols.join(", "), placeholders.join(", "));
        }
    }
    if count_only {
        let n: i64 = conn
            .query_row(&format!("SELECT COUNT(*) {sql}"), params_from_iter(params.iter()), |r| r.get(0))
            .map_err(map_err)?;
        return Ok((Vec::new(), n as u64));
    }
    let order_sql: Vec<String> = order_cols.iter().map(|c| format!("{c} {order}")).collect();
    sql = format!("SELECT data {sql} ORDER BY {}", order_sql.join(", "));
    if let Some(limit) = q.limit {
        // One more than asked tells whether a next page exists.
        sql += &format!(" LIMIT {}", limit + 1);
    }
    let mut stmt = conn.prepare_cached(&sql).map_err(map_err)?;
    let params_ref: Vec<&dyn ToSql> = params.iter().map(|p| p as &dyn ToSql).collect();
    let rows = stmt.query_map(params_ref.as_slice(), |r| r.get::<_, String>(0)).map_err(map_err)?;
    let texts = rows.collect::<Result<Vec<String>, _>>().map_err(map_err)?;
    Ok((texts, 0))
}

fn parse_item(text: &str) -> StoreResult<Item> {
    match serde_json::from_str(text) {
        Ok(Value::Object(m)) => Ok(m),
        _ => Err(StoreError::Other(anyhow::anyhow!("corrupt item"))),
    }
}

#[async_trait]
impl Table for SqliteTable {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        let key = key.clone();
        self.run(move |c| get_tx(c, &key)).await
    }

    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        self.run(move |c| {
            let key = key_of(&item).ok_or_else(|| StoreError::Other(anyhow::anyhow!("item without PK/SK")))?;
            let tx = write_tx(c)?;
            check(get_tx(&tx, &key)?.as_ref(), &cond)?;
            put_tx(&tx, &item)?;
            tx.commit().map_err(map_err)
        })
        .await
    }

    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        let key = key.clone();
        self.run(move |c| {
            let tx = write_tx(c)?;
            let current = get_tx(&tx, &key)?;
            check(current.as_ref(), &cond)?;
            let item = merge(current, &key, set);
            put_tx(&tx, &item)?;
            tx.commit().map_err(map_err)?;
            Ok(item)
        })
        .await
    }

    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        let key = key.clone();
        let attr = attr.to_string();
        self.run(move |c| {
            let tx = write_tx(c)?;
            let current = get_tx(&tx, &key)?;
            let created = current.is_none();
            let mut item = merge(current, &key, if created { on_create } else { Item::new() });
            let value = item.get(&attr).and_then(Value::as_i64).unwrap_or(0) + delta;
            item.insert(attr, Value::from(value));
            put_tx(&tx, &item)?;
            tx.commit().map_err(map_err)?;
            Ok(value)
        })
        .await
    }

    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        let key = key.clone();
        self.run(move |c| {
            let tx = write_tx(c)?;
            let current = get_tx(&tx, &key)?;
            check(current.as_ref(), &cond)?;
            if current.is_some() {
                delete_tx(&tx, &key)?;
            }
            tx.commit().map_err(map_err)?;
            Ok(current)
        })
        .await
    }

    async fn query(&self, query: &Query) -> StoreResult<Page> {
        let q = query.clone();
        self.run(move |c| {
            let (texts, _) = query_tx(c, &q, false)?;
            let mut items = texts.iter().map(|t| parse_item(t)).collect::<StoreResult<Vec<Item>>>()?;
            let mut cursor = None;
            if let Some(limit) = q.limit {
                if items.len() > limit {
                    items.truncate(limit);
                    cursor = items.last().map(|last| encode_cursor(last, q.index));
                }
            }
            Ok(Page { items, cursor })
        })
        .await
    }

    async fn query_all_json(&self, query: &Query) -> StoreResult<Vec<String>> {
        let mut q = query.clone();
        q.limit = None;
        self.run(move |c| Ok(query_tx(c, &q, false)?.0)).await
    }

    async fn count(&self, query: &Query) -> StoreResult<u64> {
        let q = query.clone();
        self.run(move |c| Ok(query_tx(c, &q, true)?.1)).await
    }

    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        if ops.len() > 100 {
            return Err(StoreError::Other(anyhow::anyhow!("a transaction holds at most 100 operations")));
        }
        self.run(move |c| {
            let tx = write_tx(c)?;
            for op in ops {
                match op {
                    TxOp::Put { item, cond } => {
                        let key =
                            key_of(&item).ok_or_else(|| StoreError::Other(anyhow::anyhow!("item without PK/SK")))?;
                        check(get_tx(&tx, &key)?.as_ref(), &cond)?;
                        put_tx(&tx, &item)?;
                    }
                    TxOp::Update { key, set, cond } => {
                        let current = get_tx(&tx, &key)?;
                        check(current.as_ref(), &cond)?;
                        put_tx(&tx, &merge(current, &key, set))?;
                    }
                    TxOp::Delete { key, cond } => {
                        check(get_tx(&tx, &key)?.as_ref(), &cond)?;
                        delete_tx(&tx, &key)?;
                    }
                    TxOp::Check { key, cond } => check(get_tx(&tx, &key)?.as_ref(), &cond)?,
                }
            }
            // Dropping `tx` on an early return rolls every part back.
            tx.commit().map_err(map_err)
        })
        .await
    }
}

/// Copies the database at `db` into a new file at `dest` with SQLite's online backup API, while a server may go on
/// reading and writing it: the copy is made in one step under a read transaction, which in WAL mode holds no writer
/// back, so it is the database as one committed moment saw it. It is written beside `dest` first, checked
/// (`PRAGMA quick_check`) and then renamed into place, so `dest` is never a half-written file.
pub fn backup(db: &Path, dest: &Path) -> anyhow::Result<()> {
    anyhow::ensure!(db.is_file(), "no database at {}", db.display());
    // Opened as the server opens it (a read-only connection cannot take part in WAL mode without its shared
    // memory file); it only reads.
    let src = Connection::open(db)?;
    src.busy_timeout(std::time::Duration::from_secs(30))?;
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let partial = partial_path(dest);
    let _ = std::fs::remove_file(&partial);
    {
        let mut out = Connection::open(&partial)?;
        copy_all(&src, &mut out)?;
        out.pragma_update(None, "journal_mode", "DELETE")?;
        quick_check(&out).inspect_err(|_| {
            let _ = std::fs::remove_file(&partial);
        })?;
    }
    std::fs::rename(&partial, dest)?;
    Ok(())
}

/// Puts the backup at `from` in place of the database at `db` (created when missing), with the same backup API, so
/// the database's WAL and shared memory stay consistent. The backup is checked first; stop the server before.
pub fn restore(from: &Path, db: &Path) -> anyhow::Result<()> {
    use rusqlite::OpenFlags;
    anyhow::ensure!(from.is_file(), "no backup at {}", from.display());
    let src = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    quick_check(&src).map_err(|e| anyhow::anyhow!("{} is not a sound backup: {e}", from.display()))?;
    let has_items: bool =
        src.query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'items'", [], |r| r.get(0))?;
    anyhow::ensure!(has_items, "{} is not a Breaktime database (no items table)", from.display());
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut out = Connection::open(db)?;
    out.busy_timeout(std::time::Duration::from_secs(30))?;
    copy_all(&src, &mut out)?;
    // Leaves no restored page waiting in the WAL.
    out.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    Ok(())
}

/// Every page in one step (-1), so no write of the server can restart the copy half-way; a busy or locked database
/// is waited for (up to 30 s).
fn copy_all(src: &Connection, dest: &mut Connection) -> anyhow::Result<()> {
    use rusqlite::backup::{Backup, StepResult};
    let backup = Backup::new(src, dest)?;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            _ if std::time::Instant::now() > deadline => anyhow::bail!("the database stayed locked for 30 s"),
            _ => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
}

fn partial_path(dest: &Path) -> std::path::PathBuf {
    let mut name = dest.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".partial");
    dest.with_file_name(name)
}

fn quick_check(conn: &Connection) -> anyhow::Result<()> {
    let result: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
    anyhow::ensure!(result == "ok", "integrity check: {result}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expired_items_are_pruned_and_the_others_kept() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA).unwrap();
        for (sk, ttl) in [("past", Some(99)), ("now", Some(100)), ("future", Some(101)), ("none", None)] {
            let mut item = Item::new();
            item.insert(PK.into(), Value::from("P"));
            item.insert(SK.into(), Value::from(sk));
            if let Some(ttl) = ttl {
                item.insert("ttl".into(), Value::from(ttl));
            }
            put_tx(&conn, &item).unwrap();
        }
        assert_eq!(prune_expired(&conn, 100).unwrap(), 1);
        let left: Vec<String> = conn
            .prepare("SELECT sk FROM items ORDER BY sk")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(left, ["future", "none", "now"]);
    }
}
