//! The store contract: one suite, written once against the `Table` port and run on every adapter. `sqlite::*` runs
//! on the embedded adapter; `dynamo::*` (feature `aws`) runs the same bodies on DynamoDB as moto server emulates it,
//! through the real SDK. Every test gets a fresh store (a new in-memory database, a new table).

use bt_testkit as support;

use std::collections::BTreeSet;
use std::sync::Arc;

use bt_core::store::{Cond, Index, Item, Key, Query, SkCond, StoreError, Table, TxOp};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    put_then_get_returns_the_same_item,
    put_replaces_the_whole_item,
    put_if_not_exists_fails_on_an_existing_item,
    put_with_conditions_on_the_current_item,
    update_creates_the_item_when_absent,
    update_sets_and_removes_attributes,
    update_with_equality_condition,
    update_conditions_on_existence,
    delete_returns_the_old_item,
    delete_with_conditions,
    increment_counts_from_zero_and_sets_attributes_on_create,
    concurrent_increments_are_not_lost,
    transaction_applies_every_part,
    transaction_rolls_back_entirely_when_one_condition_fails,
    transaction_keeps_a_unique_value_unique,
    sort_key_conditions_on_the_table,
    sort_key_conditions_on_gsi1,
    sort_key_conditions_on_gsi2,
    indexes_hold_only_items_with_index_keys,
    backward_queries_reverse_the_order,
    pages_visit_every_item_once_on_the_table,
    pages_visit_every_item_once_backward,
    pages_visit_every_item_once_on_an_index_with_equal_sort_keys,
    a_cursor_means_more_items_follow,
    counts_follow_the_sort_key_condition,
    query_all_reads_past_every_page,
    queries_that_can_match_nothing,
);

fn item(value: Value) -> Item {
    match value {
        Value::Object(m) => m,
        other => panic!("not an object: {other}"),
    }
}

fn key(pk: &str, sk: &str) -> Key {
    Key::new(pk, sk)
}

fn set(value: Value) -> Item {
    item(value)
}

async fn put_all(store: &Store, items: impl IntoIterator<Item = Value>) {
    for i in items {
        store.put(item(i), Cond::None).await.expect("put");
    }
}

fn strings(items: &[Item], attr: &str) -> Vec<String> {
    items.iter().map(|i| i[attr].as_str().expect("string attribute").to_string()).collect()
}

fn assert_condition_failed<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    match result {
        Err(StoreError::ConditionFailed) => {}
        other => panic!("expected ConditionFailed, got {other:?}"),
    }
}

async fn put_then_get_returns_the_same_item(store: Store) {
    let stored = item(json!({
        "PK": "USER#1", "SK": "PROFILE", "name": "Ada", "age": 36, "score": 1.5, "active": true,
        "tags": ["a", "b"], "address": {"city": "London", "zip": "N1"}, "ttl": 1_900_000_000i64,
    }));
    store.put(stored.clone(), Cond::None).await.unwrap();
    assert_eq!(store.get(&key("USER#1", "PROFILE")).await.unwrap(), Some(stored));
    assert_eq!(store.get(&key("USER#1", "OTHER")).await.unwrap(), None);
    assert_eq!(store.get(&key("USER#2", "PROFILE")).await.unwrap(), None);
}

async fn put_replaces_the_whole_item(store: Store) {
    store.put(item(json!({"PK": "P", "SK": "S", "a": 1, "b": 2})), Cond::None).await.unwrap();
    store.put(item(json!({"PK": "P", "SK": "S", "c": 3})), Cond::None).await.unwrap();
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), Some(item(json!({"PK": "P", "SK": "S", "c": 3}))));
}

async fn put_if_not_exists_fails_on_an_existing_item(store: Store) {
    let first = item(json!({"PK": "EMAIL#a@b.c", "SK": "EMAIL", "user": "1"}));
    store.put(first.clone(), Cond::NotExists).await.unwrap();
    let second = item(json!({"PK": "EMAIL#a@b.c", "SK": "EMAIL", "user": "2"}));
    assert_condition_failed(store.put(second, Cond::NotExists).await);
    assert_eq!(store.get(&key("EMAIL#a@b.c", "EMAIL")).await.unwrap(), Some(first));
}

async fn put_with_conditions_on_the_current_item(store: Store) {
    let absent = item(json!({"PK": "P", "SK": "S", "v": 1}));
    assert_condition_failed(store.put(absent.clone(), Cond::Exists).await);
    assert_condition_failed(store.put(absent.clone(), Cond::eq("v", 1)).await);
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), None);

    store.put(absent, Cond::None).await.unwrap();
    store.put(item(json!({"PK": "P", "SK": "S", "v": 2})), Cond::Exists).await.unwrap();
    assert_condition_failed(store.put(item(json!({"PK": "P", "SK": "S", "v": 3})), Cond::eq("v", 1)).await);
    store.put(item(json!({"PK": "P", "SK": "S", "v": 3})), Cond::eq("v", 2)).await.unwrap();
    assert_eq!(store.get(&key("P", "S")).await.unwrap().unwrap()["v"], json!(3));
}

async fn update_creates_the_item_when_absent(store: Store) {
    let after = store.update(&key("P", "S"), set(json!({"name": "Ada", "n": 1})), Cond::None).await.unwrap();
    let expected = item(json!({"PK": "P", "SK": "S", "name": "Ada", "n": 1}));
    assert_eq!(after, expected);
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), Some(expected));

    let created = store.update(&key("P", "NEW"), set(json!({"x": "y"})), Cond::NotExists).await.unwrap();
    assert_eq!(created, item(json!({"PK": "P", "SK": "NEW", "x": "y"})));
}

async fn update_sets_and_removes_attributes(store: Store) {
    store.put(item(json!({"PK": "P", "SK": "S", "keep": 1, "change": "old", "drop": true})), Cond::None).await.unwrap();
    let after = store
        .update(
            &key("P", "S"),
            set(json!({"change": "new", "drop": null, "added": [1, 2], "gone": null})),
            Cond::Exists,
        )
        .await
        .unwrap();
    let expected = item(json!({"PK": "P", "SK": "S", "keep": 1, "change": "new", "added": [1, 2]}));
    assert_eq!(after, expected);
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), Some(expected));

    // Key attributes are part of the address, never rewritten by an update.
    let after = store.update(&key("P", "S"), set(json!({"PK": "Q", "SK": "T", "keep": 2})), Cond::None).await.unwrap();
    assert_eq!(after["PK"], json!("P"));
    assert_eq!(after["SK"], json!("S"));
    assert_eq!(store.get(&key("Q", "T")).await.unwrap(), None);
}

async fn update_with_equality_condition(store: Store) {
    store.put(item(json!({"PK": "P", "SK": "S", "version": 1, "status": "open"})), Cond::None).await.unwrap();
    let after = store
        .update(&key("P", "S"), set(json!({"version": 2, "status": "done"})), Cond::eq("version", 1))
        .await
        .unwrap();
    assert_eq!(after["version"], json!(2));

    // A second writer that read version 1 loses, and changes nothing.
    assert_condition_failed(store.update(&key("P", "S"), set(json!({"status": "lost"})), Cond::eq("version", 1)).await);
    assert_condition_failed(
        store.update(&key("P", "S"), set(json!({"status": "lost"})), Cond::eq("status", "open")).await,
    );
    assert_eq!(store.get(&key("P", "S")).await.unwrap().unwrap()["status"], json!("done"));

    // An equality condition on an absent item fails and creates nothing.
    assert_condition_failed(store.update(&key("P", "NONE"), set(json!({"a": 1})), Cond::eq("version", 1)).await);
    assert_eq!(store.get(&key("P", "NONE")).await.unwrap(), None);
}

async fn update_conditions_on_existence(store: Store) {
    assert_condition_failed(store.update(&key("P", "S"), set(json!({"a": 1})), Cond::Exists).await);
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), None);
    store.update(&key("P", "S"), set(json!({"a": 1})), Cond::NotExists).await.unwrap();
    assert_condition_failed(store.update(&key("P", "S"), set(json!({"a": 2})), Cond::NotExists).await);
    assert_eq!(store.get(&key("P", "S")).await.unwrap().unwrap()["a"], json!(1));
    let after = store.update(&key("P", "S"), set(json!({"a": 3})), Cond::Exists).await.unwrap();
    assert_eq!(after["a"], json!(3));
}

async fn delete_returns_the_old_item(store: Store) {
    let stored = item(json!({"PK": "P", "SK": "S", "name": "Ada", "n": 7}));
    store.put(stored.clone(), Cond::None).await.unwrap();
    assert_eq!(store.delete(&key("P", "S"), Cond::None).await.unwrap(), Some(stored));
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), None);
    assert_eq!(store.delete(&key("P", "S"), Cond::None).await.unwrap(), None);
}

async fn delete_with_conditions(store: Store) {
    assert_condition_failed(store.delete(&key("P", "S"), Cond::Exists).await);
    assert_condition_failed(store.delete(&key("P", "S"), Cond::eq("owner", "u1")).await);

    let stored = item(json!({"PK": "P", "SK": "S", "owner": "u1"}));
    store.put(stored.clone(), Cond::None).await.unwrap();
    assert_condition_failed(store.delete(&key("P", "S"), Cond::eq("owner", "u2")).await);
    assert_condition_failed(store.delete(&key("P", "S"), Cond::NotExists).await);
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), Some(stored.clone()));
    assert_eq!(store.delete(&key("P", "S"), Cond::eq("owner", "u1")).await.unwrap(), Some(stored));
    assert_eq!(store.get(&key("P", "S")).await.unwrap(), None);
}

async fn increment_counts_from_zero_and_sets_attributes_on_create(store: Store) {
    let k = key("RATE#login#a@b.c", "WINDOW#1");
    let on_create = set(json!({"ttl": 1_900_000_000i64, "entity_type": "rate"}));
    assert_eq!(store.increment(&k, "count", 1, on_create.clone()).await.unwrap(), 1);
    assert_eq!(store.increment(&k, "count", 4, set(json!({"ttl": 5}))).await.unwrap(), 5);
    assert_eq!(store.increment(&k, "count", -2, Item::new()).await.unwrap(), 3);
    let stored = store.get(&k).await.unwrap().unwrap();
    assert_eq!(
        stored,
        item(json!({
            "PK": "RATE#login#a@b.c", "SK": "WINDOW#1", "count": 3, "ttl": 1_900_000_000i64, "entity_type": "rate",
        }))
    );

    // An item that exists already keeps its attributes and gains the counter.
    store.put(item(json!({"PK": "P", "SK": "S", "name": "Ada"})), Cond::None).await.unwrap();
    assert_eq!(store.increment(&key("P", "S"), "views", 2, Item::new()).await.unwrap(), 2);
    assert_eq!(
        store.get(&key("P", "S")).await.unwrap().unwrap(),
        item(json!({"PK": "P", "SK": "S", "name": "Ada", "views": 2}))
    );
}

async fn concurrent_increments_are_not_lost(store: Store) {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..50 {
        let store = store.clone();
        tasks.spawn(async move { store.increment(&key("COUNTER", "C"), "n", 1, Item::new()).await.unwrap() });
    }
    let mut seen = BTreeSet::new();
    while let Some(value) = tasks.join_next().await {
        seen.insert(value.unwrap());
    }
    // Each increment saw its own value: none was applied twice or lost.
    assert_eq!(seen, (1..=50).collect::<BTreeSet<i64>>());
    assert_eq!(store.get(&key("COUNTER", "C")).await.unwrap().unwrap()["n"], json!(50));
}

async fn transaction_applies_every_part(store: Store) {
    put_all(
        &store,
        [
            json!({"PK": "T", "SK": "upd", "v": 1}),
            json!({"PK": "T", "SK": "del", "v": 1}),
            json!({"PK": "T", "SK": "chk", "v": 1}),
        ],
    )
    .await;
    store
        .transact(vec![
            TxOp::Put { item: item(json!({"PK": "T", "SK": "new", "v": 1})), cond: Cond::NotExists },
            TxOp::Update { key: key("T", "upd"), set: set(json!({"v": 2, "extra": "x"})), cond: Cond::eq("v", 1) },
            TxOp::Update { key: key("T", "created"), set: set(json!({"v": 9})), cond: Cond::None },
            TxOp::Delete { key: key("T", "del"), cond: Cond::Exists },
            TxOp::Check { key: key("T", "chk"), cond: Cond::eq("v", 1) },
        ])
        .await
        .unwrap();
    let items = store.query_all(&Query::table("T", SkCond::All)).await.unwrap();
    assert_eq!(
        items,
        vec![
            item(json!({"PK": "T", "SK": "chk", "v": 1})),
            item(json!({"PK": "T", "SK": "created", "v": 9})),
            item(json!({"PK": "T", "SK": "new", "v": 1})),
            item(json!({"PK": "T", "SK": "upd", "v": 2, "extra": "x"})),
        ]
    );
}

async fn transaction_rolls_back_entirely_when_one_condition_fails(store: Store) {
    let before = [
        json!({"PK": "T", "SK": "upd", "v": 1}),
        json!({"PK": "T", "SK": "del", "v": 1}),
        json!({"PK": "T", "SK": "chk", "v": 1}),
    ];
    put_all(&store, before.clone()).await;
    let ops = |failing: TxOp| {
        vec![
            TxOp::Put { item: item(json!({"PK": "T", "SK": "new", "v": 1})), cond: Cond::NotExists },
            TxOp::Update { key: key("T", "upd"), set: set(json!({"v": 2})), cond: Cond::None },
            TxOp::Delete { key: key("T", "del"), cond: Cond::None },
            failing,
        ]
    };
    let failing_parts = [
        TxOp::Check { key: key("T", "chk"), cond: Cond::eq("v", 2) },
        TxOp::Check { key: key("T", "missing"), cond: Cond::Exists },
        TxOp::Put { item: item(json!({"PK": "T", "SK": "chk", "v": 5})), cond: Cond::NotExists },
        TxOp::Update { key: key("T", "chk"), set: set(json!({"v": 5})), cond: Cond::eq("v", 0) },
        TxOp::Delete { key: key("T", "chk"), cond: Cond::NotExists },
    ];
    for failing in failing_parts {
        assert_condition_failed(store.transact(ops(failing.clone())).await);
        let items = store.query_all(&Query::table("T", SkCond::All)).await.unwrap();
        let mut expected: Vec<Item> = before.iter().cloned().map(item).collect();
        expected.sort_by(|a, b| a["SK"].as_str().cmp(&b["SK"].as_str()));
        assert_eq!(items, expected, "a transaction failing on {failing:?} changed something");
    }
}

async fn transaction_keeps_a_unique_value_unique(store: Store) {
    // One account per email: the user and an email claim are written together, the claim only if it is new.
    let sign_up = |user: &str| {
        vec![
            TxOp::Put {
                item: item(json!({"PK": format!("USER#{user}"), "SK": "PROFILE", "email": "a@b.c"})),
                cond: Cond::NotExists,
            },
            TxOp::Put { item: item(json!({"PK": "EMAIL#a@b.c", "SK": "EMAIL", "user": user})), cond: Cond::NotExists },
        ]
    };
    store.transact(sign_up("1")).await.unwrap();
    assert_condition_failed(store.transact(sign_up("2")).await);
    assert_eq!(store.get(&key("USER#2", "PROFILE")).await.unwrap(), None);
    assert_eq!(store.get(&key("EMAIL#a@b.c", "EMAIL")).await.unwrap().unwrap()["user"], json!("1"));
    assert!(store.get(&key("USER#1", "PROFILE")).await.unwrap().is_some());
}

/// Items under one partition of `index` with sort keys that share prefixes, plus neighbours that must never show up.
async fn sort_key_fixture(store: &Store, index: Index) -> Vec<&'static str> {
    let sort_keys = vec!["2024-01-01#a", "2024-01-01#b", "2024-01-02#a", "2024-01-10", "2024-02-01", "2025"];
    let (pk_name, sk_name) = index.key_names();
    for (n, sk) in sort_keys.iter().enumerate() {
        let mut i = item(json!({"PK": format!("ITEM#{n}"), "SK": format!("ROW#{n}")}));
        i.insert(pk_name.to_string(), json!("TEAM#1"));
        i.insert(sk_name.to_string(), json!(sk));
        store.put(i, Cond::None).await.unwrap();
        let mut neighbour = item(json!({"PK": format!("OTHER#{n}"), "SK": format!("ROW#{n}")}));
        neighbour.insert(pk_name.to_string(), json!("TEAM#10"));
        neighbour.insert(sk_name.to_string(), json!(sk));
        store.put(neighbour, Cond::None).await.unwrap();
    }
    sort_keys
}

async fn check_sort_key_conditions(store: Store, index: Index) {
    let all = sort_key_fixture(&store, index).await;
    let sk_name = index.key_names().1;
    let cases: Vec<(SkCond, Vec<&str>)> = vec![
        (SkCond::All, all.clone()),
        (SkCond::Eq("2024-01-02#a".into()), vec!["2024-01-02#a"]),
        (SkCond::Eq("2024-01-02".into()), vec![]),
        (SkCond::BeginsWith("2024-01-01".into()), vec!["2024-01-01#a", "2024-01-01#b"]),
        (SkCond::BeginsWith("2024-01".into()), vec!["2024-01-01#a", "2024-01-01#b", "2024-01-02#a", "2024-01-10"]),
        (SkCond::BeginsWith("2023".into()), vec![]),
        (
            SkCond::Between("2024-01-01#b".into(), "2024-01-10".into()),
            vec!["2024-01-01#b", "2024-01-02#a", "2024-01-10"],
        ),
        (SkCond::Between("2024-01-02".into(), "2024-01-31".into()), vec!["2024-01-02#a", "2024-01-10"]),
        (SkCond::Gte("2024-01-10".into()), vec!["2024-01-10", "2024-02-01", "2025"]),
        (SkCond::Gte("2024-01-02".into()), vec!["2024-01-02#a", "2024-01-10", "2024-02-01", "2025"]),
        (SkCond::Lte("2024-01-02#a".into()), vec!["2024-01-01#a", "2024-01-01#b", "2024-01-02#a"]),
        (SkCond::Lte("2024-01-01".into()), vec![]),
    ];
    for (cond, expected) in cases {
        let q = Query::new(index, "TEAM#1", cond.clone());
        let page = store.query(&q).await.unwrap();
        assert_eq!(strings(&page.items, sk_name), expected, "{index:?} {cond:?}");
        assert_eq!(page.cursor, None);
        assert_eq!(store.count(&q).await.unwrap(), expected.len() as u64, "count {index:?} {cond:?}");
    }
}

async fn sort_key_conditions_on_the_table(store: Store) {
    check_sort_key_conditions(store, Index::Table).await;
}

async fn sort_key_conditions_on_gsi1(store: Store) {
    check_sort_key_conditions(store, Index::Gsi1).await;
}

async fn sort_key_conditions_on_gsi2(store: Store) {
    check_sort_key_conditions(store, Index::Gsi2).await;
}

async fn indexes_hold_only_items_with_index_keys(store: Store) {
    put_all(
        &store,
        [
            json!({"PK": "U#1", "SK": "A", "GSI1PK": "G", "GSI1SK": "1"}),
            json!({"PK": "U#1", "SK": "B", "GSI2PK": "G", "GSI2SK": "1"}),
            json!({"PK": "U#1", "SK": "C"}),
        ],
    )
    .await;
    let on = |index| Query::new(index, "G", SkCond::All);
    assert_eq!(strings(&store.query_all(&on(Index::Gsi1)).await.unwrap(), "SK"), ["A"]);
    assert_eq!(strings(&store.query_all(&on(Index::Gsi2)).await.unwrap(), "SK"), ["B"]);

    // Removing the index keys takes the item out of the index; setting them puts it in.
    store.update(&key("U#1", "A"), set(json!({"GSI1PK": null, "GSI1SK": null})), Cond::Exists).await.unwrap();
    store.update(&key("U#1", "C"), set(json!({"GSI1PK": "G", "GSI1SK": "2"})), Cond::Exists).await.unwrap();
    assert_eq!(strings(&store.query_all(&on(Index::Gsi1)).await.unwrap(), "SK"), ["C"]);
    assert_eq!(store.count(&on(Index::Gsi1)).await.unwrap(), 1);
}

async fn backward_queries_reverse_the_order(store: Store) {
    for n in 0..5 {
        store
            .put(
                item(json!({"PK": "P", "SK": format!("S#{n}"), "GSI1PK": "G", "GSI1SK": format!("{}", 9 - n)})),
                Cond::None,
            )
            .await
            .unwrap();
    }
    let forward = store.query(&Query::table("P", SkCond::BeginsWith("S#".into()))).await.unwrap();
    assert_eq!(strings(&forward.items, "SK"), ["S#0", "S#1", "S#2", "S#3", "S#4"]);
    let backward = store.query(&Query::table("P", SkCond::BeginsWith("S#".into())).backward()).await.unwrap();
    assert_eq!(strings(&backward.items, "SK"), ["S#4", "S#3", "S#2", "S#1", "S#0"]);

    let gsi = Query::new(Index::Gsi1, "G", SkCond::Gte("6".into()));
    assert_eq!(strings(&store.query(&gsi).await.unwrap().items, "GSI1SK"), ["6", "7", "8", "9"]);
    assert_eq!(strings(&store.query(&gsi.clone().backward()).await.unwrap().items, "GSI1SK"), ["9", "8", "7", "6"]);
    let latest = store.query(&gsi.backward().limit(2)).await.unwrap();
    assert_eq!(strings(&latest.items, "GSI1SK"), ["9", "8"]);
}

/// Follows cursors from the first page to the last; every page holds at most `limit` items.
async fn read_pages(store: &Store, query: Query, limit: usize) -> Vec<Vec<Item>> {
    let mut pages = Vec::new();
    let mut cursor = None;
    loop {
        let page = store.query(&query.clone().limit(limit).cursor(cursor)).await.unwrap();
        assert!(page.items.len() <= limit, "a page of {} items for limit {limit}", page.items.len());
        pages.push(page.items);
        assert!(pages.len() <= 100, "paging does not end");
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => return pages,
        }
    }
}

async fn pages_visit_every_item_once_on_the_table(store: Store) {
    let expected: Vec<String> = (0..23).map(|n| format!("DAY#{n:03}")).collect();
    put_all(&store, expected.iter().map(|sk| json!({"PK": "P", "SK": sk, "pad": "x".repeat(100)}))).await;
    put_all(&store, [json!({"PK": "P2", "SK": "DAY#000"}), json!({"PK": "P", "SK": "NOTE#1"})]).await;
    let q = Query::table("P", SkCond::BeginsWith("DAY#".into()));
    for limit in [1, 5, 7, 22, 23, 50] {
        let pages = read_pages(&store, q.clone(), limit).await;
        let visited: Vec<String> = pages.iter().flat_map(|p| strings(p, "SK")).collect();
        assert_eq!(visited, expected, "limit {limit}");
        assert_eq!(pages.len(), expected.len().div_ceil(limit), "limit {limit}");
    }
}

async fn pages_visit_every_item_once_backward(store: Store) {
    let mut expected: Vec<String> = (0..17).map(|n| format!("DAY#{n:03}")).collect();
    put_all(&store, expected.iter().map(|sk| json!({"PK": "P", "SK": sk}))).await;
    expected.reverse();
    let pages = read_pages(&store, Query::table("P", SkCond::Lte("DAY#999".into())).backward(), 4).await;
    let visited: Vec<String> = pages.iter().flat_map(|p| strings(p, "SK")).collect();
    assert_eq!(visited, expected);
}

async fn pages_visit_every_item_once_on_an_index_with_equal_sort_keys(store: Store) {
    // Many items share one index sort key (several breaks on the same day): paging must not skip or repeat any.
    let mut expected = BTreeSet::new();
    for n in 0..30 {
        let day = format!("DAY#2024-03-{:02}", 1 + n / 7);
        let (pk, sk) = (format!("USER#{}", n % 4), format!("BREAK#{n:02}"));
        expected.insert((day.clone(), pk.clone(), sk.clone()));
        put_all(&store, [json!({"PK": pk, "SK": sk, "GSI1PK": "TEAM#1", "GSI1SK": day})]).await;
    }
    put_all(&store, [json!({"PK": "USER#9", "SK": "BREAK#99", "GSI1PK": "TEAM#2", "GSI1SK": "DAY#2024-03-01"})]).await;
    for (limit, forward) in [(1, true), (3, true), (4, false), (7, true), (30, false)] {
        let mut q = Query::new(Index::Gsi1, "TEAM#1", SkCond::BeginsWith("DAY#2024-03".into()));
        q.forward = forward;
        let pages = read_pages(&store, q, limit).await;
        let visited: Vec<(String, String, String)> = pages
            .iter()
            .flatten()
            .map(|i| {
                let s = |a: &str| i[a].as_str().unwrap().to_string();
                (s("GSI1SK"), s("PK"), s("SK"))
            })
            .collect();
        assert_eq!(visited.len(), expected.len(), "limit {limit}: an item was skipped or repeated");
        assert_eq!(visited.iter().cloned().collect::<BTreeSet<_>>(), expected, "limit {limit}");
        let days: Vec<&String> = visited.iter().map(|v| &v.0).collect();
        let mut sorted = days.clone();
        sorted.sort();
        if !forward {
            sorted.reverse();
        }
        assert_eq!(days, sorted, "limit {limit}: index order");
    }
}

async fn a_cursor_means_more_items_follow(store: Store) {
    put_all(&store, (0..6).map(|n| json!({"PK": "P", "SK": format!("S#{n}")}))).await;
    let first = store.query(&Query::table("P", SkCond::All).limit(3)).await.unwrap();
    assert_eq!(strings(&first.items, "SK"), ["S#0", "S#1", "S#2"]);
    let second = store.query(&Query::table("P", SkCond::All).limit(3).cursor(first.cursor.clone())).await.unwrap();
    assert_eq!(strings(&second.items, "SK"), ["S#3", "S#4", "S#5"]);
    assert_eq!(second.cursor, None, "the last full page must not promise more");

    // A cursor stays valid after the item it points at is gone.
    store.delete(&key("P", "S#2"), Cond::None).await.unwrap();
    let again = store.query(&Query::table("P", SkCond::All).limit(3).cursor(first.cursor)).await.unwrap();
    assert_eq!(strings(&again.items, "SK"), ["S#3", "S#4", "S#5"]);

    let none = store.query(&Query::table("EMPTY", SkCond::All).limit(3)).await.unwrap();
    assert!(none.items.is_empty());
    assert_eq!(none.cursor, None);
}

async fn counts_follow_the_sort_key_condition(store: Store) {
    put_all(&store, (0..40).map(|n| json!({"PK": "TEAM#1", "SK": format!("MEMBER#{n:02}"), "GSI2PK": "G", "GSI2SK": format!("R#{}", n % 3)}))).await;
    put_all(&store, [json!({"PK": "TEAM#1", "SK": "PROFILE"}), json!({"PK": "TEAM#2", "SK": "MEMBER#00"})]).await;
    let members = Query::table("TEAM#1", SkCond::BeginsWith("MEMBER#".into()));
    assert_eq!(store.count(&members).await.unwrap(), 40);
    assert_eq!(store.count(&Query::table("TEAM#1", SkCond::All)).await.unwrap(), 41);
    assert_eq!(
        store.count(&Query::table("TEAM#1", SkCond::Between("MEMBER#10".into(), "MEMBER#19".into()))).await.unwrap(),
        10
    );
    assert_eq!(store.count(&Query::table("TEAM#3", SkCond::All)).await.unwrap(), 0);
    assert_eq!(store.count(&Query::new(Index::Gsi2, "G", SkCond::Eq("R#0".into()))).await.unwrap(), 14);

    // Limit and cursor do not narrow a count.
    let page = store.query(&members.clone().limit(5)).await.unwrap();
    assert_eq!(store.count(&members.limit(5).cursor(page.cursor)).await.unwrap(), 40);
}

async fn query_all_reads_past_every_page(store: Store) {
    let expected: Vec<String> = (0..120).map(|n| format!("TASK#{n:04}")).collect();
    // Big items, so DynamoDB splits the result into several of its own pages (1 MB each).
    let big = "x".repeat(20_000);
    put_all(&store, expected.iter().map(|sk| json!({"PK": "P", "SK": sk, "body": big}))).await;
    let all = store.query_all(&Query::table("P", SkCond::All).limit(7)).await.unwrap();
    assert_eq!(strings(&all, "SK"), expected);
    let unlimited = store.query(&Query::table("P", SkCond::All)).await.unwrap();
    assert_eq!(unlimited.items.len(), expected.len());
    assert_eq!(unlimited.cursor, None);
    let backward = store.query_all(&Query::table("P", SkCond::All).backward()).await.unwrap();
    assert_eq!(backward.len(), expected.len());
    assert_eq!(backward[0]["SK"], json!("TASK#0119"));
    assert_eq!(store.count(&Query::table("P", SkCond::All)).await.unwrap(), 120);
    let limited = store.query(&Query::table("P", SkCond::Gte("TASK#0050".into())).limit(60)).await.unwrap();
    assert_eq!(limited.items.len(), 60);
    assert_eq!(limited.items[59]["SK"], json!("TASK#0109"));
    assert!(limited.cursor.is_some());
}

async fn queries_that_can_match_nothing(store: Store) {
    put_all(&store, [json!({"PK": "P", "SK": "a"}), json!({"PK": "P", "SK": "b"})]).await;
    let reversed = Query::table("P", SkCond::Between("b".into(), "a".into()));
    assert!(store.query(&reversed).await.unwrap().items.is_empty());
    assert_eq!(store.count(&reversed).await.unwrap(), 0);
    assert!(store.query(&Query::table("P", SkCond::Eq(String::new()))).await.unwrap().items.is_empty());
    assert_eq!(store.query(&Query::table("P", SkCond::BeginsWith(String::new()))).await.unwrap().items.len(), 2);
    assert!(store.query(&Query::table("", SkCond::All)).await.unwrap().items.is_empty());
}

/// What only the DynamoDB adapter can get wrong: its own table setup and how SDK failures map to store errors.
mod dynamo_adapter {
    use bt_adapters_aws::dynamo::DynamoTable;
    use bt_core::store::{Cond, Key, StoreError, Table};

    #[tokio::test]
    async fn create_table_is_idempotent() {
        let Some(table) = crate::support::dynamo_table("create_table_is_idempotent").await else {
            return;
        };
        table.put(super::item(serde_json::json!({"PK": "P", "SK": "S"})), Cond::None).await.unwrap();
        table.create_table().await.expect("creating an existing table is fine");
        assert!(table.get(&Key::new("P", "S")).await.unwrap().is_some(), "the existing table was kept");
    }

    #[tokio::test]
    async fn an_unreachable_endpoint_is_unavailable() {
        // A port nobody listens on: connection refused.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let config = bt_adapters_aws::sdk::aws_loader()
            .region(aws_sdk_dynamodb::config::Region::new("us-east-1"))
            .credentials_provider(aws_sdk_dynamodb::config::Credentials::new("test", "test", None, None, "test"))
            .endpoint_url(format!("http://127.0.0.1:{port}"))
            .retry_config(aws_config::retry::RetryConfig::disabled())
            .load()
            .await;
        let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), "breaktime");
        match table.get(&Key::new("P", "S")).await {
            Err(StoreError::Unavailable(_)) => {}
            other => panic!("expected Unavailable, got {other:?}"),
        }
        // Warming never fails the caller.
        table.warm().await;
    }

    #[tokio::test]
    async fn a_missing_table_is_an_error_not_a_condition() {
        let Some(url) = crate::support::moto_url("a_missing_table_is_an_error_not_a_condition") else {
            return;
        };
        let config = crate::support::sdk_config(&url).await;
        let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), "no-such-table");
        match table.put(super::item(serde_json::json!({"PK": "P", "SK": "S"})), Cond::NotExists).await {
            Err(StoreError::Other(_)) => {}
            other => panic!("expected Other, got {other:?}"),
        }
    }
}
