//! The online backup and restore of the SQLite file (`breaktime-local backup` / `restore`): a backup taken while
//! writes go on is one consistent moment of the database, and restored it reads back through the table port.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use bt_adapters_local::sqlite::{backup, restore, SqliteTable};
use bt_core::store::{Cond, Index, Item, Key, Query, SkCond, Table, PK, SK};
use serde_json::Value;

fn item(pk: &str, n: usize) -> Item {
    let mut item = Item::new();
    item.insert(PK.into(), Value::from(pk));
    item.insert(SK.into(), Value::from(format!("N#{n:06}")));
    item.insert("n".into(), Value::from(n));
    item.insert("note".into(), Value::from("x".repeat(200)));
    item
}

async fn numbers(table: &SqliteTable, pk: &str) -> Vec<usize> {
    let items = table.query_all(&Query::new(Index::Table, pk, SkCond::All)).await.unwrap();
    items.iter().map(|i| i["n"].as_u64().unwrap() as usize).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_writes_go_on_restores_to_a_consistent_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data/breaktime.sqlite3");
    let table = Arc::new(SqliteTable::open(&db).unwrap());
    for n in 0..500 {
        table.put(item("TEAM#a", n), Cond::NotExists).await.unwrap();
    }

    // A writer goes on adding items in order, each with its twin in a second partition in one transaction.
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicUsize::new(500));
    let writer = {
        let (table, stop, written) = (table.clone(), stop.clone(), written.clone());
        tokio::spawn(async move {
            let mut n = 500;
            while !stop.load(Ordering::SeqCst) {
                use bt_core::store::TxOp;
                table
                    .transact(vec![
                        TxOp::Put { item: item("TEAM#a", n), cond: Cond::NotExists },
                        TxOp::Put { item: item("TEAM#b", n), cond: Cond::NotExists },
                    ])
                    .await
                    .unwrap();
                n += 1;
                written.store(n, Ordering::SeqCst);
                tokio::task::yield_now().await;
            }
        })
    };
    while written.load(Ordering::SeqCst) < 600 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let copy = dir.path().join("backups/breaktime.sqlite3");
    let (db2, copy2) = (db.clone(), copy.clone());
    tokio::task::spawn_blocking(move || backup(&db2, &copy2)).await.unwrap().unwrap();
    let at_backup = written.load(Ordering::SeqCst);
    // The writes went on during and after the copy.
    while written.load(Ordering::SeqCst) < at_backup + 50 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();
    let total = written.load(Ordering::SeqCst);
    assert!(!dir.path().join("backups/breaktime.sqlite3.partial").exists());

    // Restored into a fresh data folder, the copy reads back: every item up to one moment, none torn.
    let restored = dir.path().join("restored/breaktime.sqlite3");
    restore(&copy, &restored).unwrap();
    let back = SqliteTable::open(&restored).unwrap();
    let a = numbers(&back, "TEAM#a").await;
    let b = numbers(&back, "TEAM#b").await;
    assert!(a.len() >= 600 && a.len() <= at_backup, "{} items of {at_backup}", a.len());
    assert_eq!(a, (0..a.len()).collect::<Vec<_>>(), "the copy holds every item up to one moment");
    assert_eq!(b, (500..a.len()).collect::<Vec<_>>(), "each transaction is wholly in the copy or wholly out");
    let first = back.get(&Key::new("TEAM#a", "N#000000")).await.unwrap().unwrap();
    assert_eq!(first["note"], Value::from("x".repeat(200)));

    // Restored over the live file (the server stopped), the database goes back to the copy's moment.
    drop(table);
    assert_eq!(numbers(&SqliteTable::open(&db).unwrap(), "TEAM#a").await.len(), total);
    restore(&copy, &db).unwrap();
    assert_eq!(numbers(&SqliteTable::open(&db).unwrap(), "TEAM#a").await, a);
}

#[test]
fn a_file_that_is_not_a_breaktime_database_is_not_restored() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sqlite3");
    rusqlite::Connection::open(&other).unwrap().execute_batch("CREATE TABLE t (x)").unwrap();
    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(&junk, b"not a database at all, just some bytes in a file").unwrap();
    let db = dir.path().join("breaktime.sqlite3");
    assert!(restore(&other, &db).unwrap_err().to_string().contains("not a Breaktime database"));
    assert!(restore(&junk, &db).is_err());
    assert!(restore(&dir.path().join("missing"), &db).unwrap_err().to_string().contains("no backup"));
    assert!(backup(&dir.path().join("missing"), &dir.path().join("copy"))
        .unwrap_err()
        .to_string()
        .contains("no database"));
}
