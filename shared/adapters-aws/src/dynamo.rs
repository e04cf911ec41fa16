//! The DynamoDB adapter (feature `aws`): one table with `PK`/`SK`, the sparse indexes `GSI1` and `GSI2`, and TTL on
//! `ttl`, as defined once in `infra/table.json`. Items cross the boundary through `serde_dynamo`; no request path
//! scans. The embedded adapter is the reference for every behaviour; the contract suite holds both to it.

use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use aws_config::SdkConfig;
use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, ConditionCheck, Delete, GlobalSecondaryIndex, KeySchemaElement,
    KeyType, Projection, ProjectionType, Put, ReturnValue, ScalarAttributeType, Select, TableStatus,
    TimeToLiveSpecification, TransactWriteItem, Update,
};
use aws_sdk_dynamodb::Client;
use serde::Deserialize;
use serde_dynamo::aws_sdk_dynamodb_1::{from_item, to_attribute_value, to_item};
use serde_json::Value;

use bt_core::store::*;

/// The table definition shared with the local scripts and the deployment template.
const TABLE_DEFINITION: &str = include_str!("../../../infra/table.json");

type DynItem = HashMap<String, AttributeValue>;

pub struct DynamoTable {
    client: Client,
    table: String,
}

impl DynamoTable {
    pub fn new(client: Client, table_name: impl Into<String>) -> Self {
        DynamoTable { client, table: table_name.into() }
    }

    /// A client for `table_name`; `DYNAMODB_ENDPOINT` points it elsewhere (moto, DynamoDB Local).
    pub fn from_env(config: &SdkConfig, table_name: String) -> Self {
        let mut builder = aws_sdk_dynamodb::config::Builder::from(config);
        if let Some(url) = std::env::var("DYNAMODB_ENDPOINT").ok().filter(|v| !v.trim().is_empty()) {
            builder = builder.endpoint_url(url.trim());
        }
        Self::new(Client::from_conf(builder.build()), table_name)
    }

    pub fn table_name(&self) -> &str {
        &self.table
    }

    /// Opens the connection (TLS, credentials) during a Lambda's init instead of on its first request. A GetItem
    /// rather than DescribeTable, so no function needs a permission just for this. Failures are left to the first
    /// real request to report.
    pub async fn warm(&self) {
        let key = key_av(&Key::new("#warm", "#warm"));
        if let Err(e) = self.client.get_item().table_name(&self.table).set_key(Some(key)).send().await {
            tracing::debug!(error = %DisplayErrorContext(&e), "warming the DynamoDB connection failed");
        }
    }

    /// Creates the table from `infra/table.json` (already existing is fine), waits until it is active and turns on
    /// TTL. For tests and local scripts; deployed tables come from the template.
    pub async fn create_table(&self) -> StoreResult<()> {
        let def: TableDefinition = serde_json::from_str(TABLE_DEFINITION)
            .map_err(|e| StoreError::Other(anyhow::anyhow!("infra/table.json: {e}")))?;
        let created = self
            .client
            .create_table()
            .table_name(&self.table)
            .set_attribute_definitions(Some(def.attribute_definitions()?))
            .set_key_schema(Some(key_schema(&def.key_schema)?))
            .set_global_secondary_indexes(Some(def.global_secondary_indexes()?))
            .billing_mode(BillingMode::from(def.billing_mode.as_str()))
            .send()
            .await;
        match created {
            Ok(_) => {}
            Err(e) if e.code() == Some("ResourceInUseException") => {}
            Err(e) => return Err(map_err(e)),
        }
        self.wait_until_active().await?;
        let ttl = TimeToLiveSpecification::builder()
            .attribute_name(&def.time_to_live_specification.attribute_name)
            .enabled(def.time_to_live_specification.enabled)
            .build()
            .map_err(other)?;
        match self.client.update_time_to_live().table_name(&self.table).time_to_live_specification(ttl).send().await {
            Ok(_) => Ok(()),
            // Asking again for the TTL a table already has is refused; that is the state we want.
            Err(e) if e.code() == Some("ValidationException") && is_ttl_already_set(&e) => Ok(()),
            Err(e) => Err(map_err(e)),
        }
    }

    async fn wait_until_active(&self) -> StoreResult<()> {
        for _ in 0..120 {
            let out = self.client.describe_table().table_name(&self.table).send().await.map_err(map_err)?;
            let status = out.table.and_then(|t| t.table_status);
            if status.is_none() || status == Some(TableStatus::Active) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        Err(StoreError::Unavailable(format!("table {} did not become active", self.table)))
    }
}

fn is_ttl_already_set<E: ProvideErrorMetadata>(e: &E) -> bool {
    e.message().is_some_and(|m| m.contains("already enabled") || m.contains("already disabled"))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TableDefinition {
    attribute_definitions: Vec<AttributeDef>,
    key_schema: Vec<KeyDef>,
    global_secondary_indexes: Vec<IndexDef>,
    billing_mode: String,
    time_to_live_specification: TtlDef,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AttributeDef {
    attribute_name: String,
    attribute_type: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct KeyDef {
    attribute_name: String,
    key_type: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct IndexDef {
    index_name: String,
    key_schema: Vec<KeyDef>,
    projection: ProjectionDef,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ProjectionDef {
    projection_type: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct TtlDef {
    attribute_name: String,
    enabled: bool,
}

impl TableDefinition {
    fn attribute_definitions(&self) -> StoreResult<Vec<AttributeDefinition>> {
        self.attribute_definitions
            .iter()
            .map(|a| {
                AttributeDefinition::builder()
                    .attribute_name(&a.attribute_name)
                    .attribute_type(ScalarAttributeType::from(a.attribute_type.as_str()))
                    .build()
                    .map_err(other)
            })
            .collect()
    }

    fn global_secondary_indexes(&self) -> StoreResult<Vec<GlobalSecondaryIndex>> {
        self.global_secondary_indexes
            .iter()
            .map(|g| {
                GlobalSecondaryIndex::builder()
                    .index_name(&g.index_name)
                    .set_key_schema(Some(key_schema(&g.key_schema)?))
                    .projection(
                        Projection::builder()
                            .projection_type(ProjectionType::from(g.projection.projection_type.as_str()))
                            .build(),
                    )
                    .build()
                    .map_err(other)
            })
            .collect()
    }
}

fn key_schema(keys: &[KeyDef]) -> StoreResult<Vec<KeySchemaElement>> {
    keys.iter()
        .map(|k| {
            KeySchemaElement::builder()
                .attribute_name(&k.attribute_name)
                .key_type(KeyType::from(k.key_type.as_str()))
                .build()
                .map_err(other)
        })
        .collect()
}

fn index_name(index: Index) -> Option<String> {
    match index {
        Index::Table => None,
        Index::Gsi1 => Some("GSI1".into()),
        Index::Gsi2 => Some("GSI2".into()),
    }
}

fn other(e: impl std::fmt::Display) -> StoreError {
    StoreError::Other(anyhow::anyhow!("{e}"))
}

fn key_av(key: &Key) -> DynItem {
    HashMap::from([
        (PK.to_string(), AttributeValue::S(key.pk.clone())),
        (SK.to_string(), AttributeValue::S(key.sk.clone())),
    ])
}

fn to_dyn(item: &Item) -> StoreResult<DynItem> {
    to_item(item).map_err(other)
}

fn from_dyn(item: DynItem) -> StoreResult<Item> {
    from_item(item).map_err(other)
}

/// Service error codes that mean "try again later" rather than "this request is wrong".
const TRANSIENT_CODES: &[&str] = &[
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "InternalServerError",
    "ServiceUnavailable",
    "TransactionConflictException",
];

fn map_err<E>(err: SdkError<E, HttpResponse>) -> StoreError
where
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
{
    match &err {
        SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) | SdkError::ResponseError(_) => {
            StoreError::Unavailable(DisplayErrorContext(&err).to_string())
        }
        SdkError::ServiceError(service) => {
            let code = service.err().code().unwrap_or_default();
            if code == "ConditionalCheckFailedException" {
                StoreError::ConditionFailed
            } else if TRANSIENT_CODES.contains(&code) || service.raw().status().is_server_error() {
                StoreError::Unavailable(DisplayErrorContext(&err).to_string())
            } else {
                StoreError::Other(anyhow::anyhow!("{}", DisplayErrorContext(&err)))
            }
        }
        _ => StoreError::Other(anyhow::anyhow!("{}", DisplayErrorContext(&err))),
    }
}

fn map_transact_err(err: SdkError<TransactWriteItemsError, HttpResponse>) -> StoreError {
    if let Some(TransactWriteItemsError::TransactionCanceledException(cancelled)) = err.as_service_error() {
        let reasons: Vec<&str> = cancelled.cancellation_reasons().iter().filter_map(|r| r.code()).collect();
        let message = cancelled.message().unwrap_or_default();
        if reasons.contains(&"ConditionalCheckFailed")
            || (reasons.is_empty() && message.contains("ConditionalCheckFailed"))
        {
            return StoreError::ConditionFailed;
        }
        if reasons
            .iter()
            .any(|r| matches!(*r, "TransactionConflict" | "ThrottlingError" | "ProvisionedThroughputExceeded"))
        {
            return StoreError::Unavailable(DisplayErrorContext(&err).to_string());
        }
    }
    map_err(err)
}

/// The names and values of one request's expressions. Attribute names always go through placeholders, so an
/// attribute may be called like a reserved word (`name`, `status`, `ttl`).
#[derive(Default)]
struct Expr {
    names: HashMap<String, String>,
    values: HashMap<String, AttributeValue>,
}

impl Expr {
    fn name(&mut self, attr: &str) -> String {
        if let Some((placeholder, _)) = self.names.iter().find(|(_, a)| a.as_str() == attr) {
            return placeholder.clone();
        }
        let placeholder = format!("#n{}", self.names.len());
        self.names.insert(placeholder.clone(), attr.to_string());
        placeholder
    }

    fn value(&mut self, value: AttributeValue) -> String {
        let placeholder = format!(":v{}", self.values.len());
        self.values.insert(placeholder.clone(), value);
        placeholder
    }

    fn json(&mut self, value: &Value) -> StoreResult<String> {
        Ok(self.value(to_attribute_value(value).map_err(other)?))
    }

    /// DynamoDB refuses empty maps, so an unused part is left out.
    #[allow(clippy::type_complexity)]
    fn into_parts(self) -> (Option<HashMap<String, String>>, Option<HashMap<String, AttributeValue>>) {
        ((!self.names.is_empty()).then_some(self.names), (!self.values.is_empty()).then_some(self.values))
    }

    fn condition(&mut self, cond: &Cond) -> StoreResult<Option<String>> {
        Ok(match cond {
            Cond::None => None,
            Cond::Exists => Some(format!("attribute_exists({})", self.name(PK))),
            Cond::NotExists => Some(format!("attribute_not_exists({})", self.name(PK))),
            Cond::Eq(attr, value) => {
                let name = self.name(attr);
                Some(format!("{name} = {}", self.json(value)?))
            }
        })
    }

    /// `SET` for values, `REMOVE` for nulls; the key attributes are never rewritten.
    fn update(&mut self, set: &Item) -> StoreResult<String> {
        let mut sets = Vec::new();
        let mut removes = Vec::new();
        for (attr, value) in set {
            if attr == PK || attr == SK {
                continue;
            }
            let name = self.name(attr);
            if value.is_null() {
                removes.push(name);
            } else {
                sets.push(format!("{name} = {}", self.json(value)?));
            }
        }
        if sets.is_empty() && removes.is_empty() {
            // An update expression may not be empty. Removing an attribute nothing writes changes nothing and still
            // creates the (key-only) item when absent, as the embedded adapter does.
            removes.push(self.name("#none"));
        }
        let mut expr = String::new();
        if !sets.is_empty() {
            expr += &format!("SET {}", sets.join(", "));
        }
        if !removes.is_empty() {
            if !expr.is_empty() {
                expr.push(' ');
            }
            expr += &format!("REMOVE {}", removes.join(", "));
        }
        Ok(expr)
    }

    fn key_condition(&mut self, index: Index, pk: &str, sk: &SkCond) -> String {
        let (pk_name, sk_name) = index.key_names();
        let mut expr = format!("{} = {}", self.name(pk_name), self.value(AttributeValue::S(pk.to_string())));
        let s = |v: &str| AttributeValue::S(v.to_string());
        let sk_expr = match sk {
            SkCond::All => return expr,
            SkCond::Eq(v) => format!("{} = {}", self.name(sk_name), self.value(s(v))),
            SkCond::BeginsWith(p) => format!("begins_with({}, {})", self.name(sk_name), self.value(s(p))),
            SkCond::Between(a, b) => {
                let name = self.name(sk_name);
                format!("{name} BETWEEN {} AND {}", self.value(s(a)), self.value(s(b)))
            }
            SkCond::Gte(v) => format!("{} >= {}", self.name(sk_name), self.value(s(v))),
            SkCond::Lte(v) => format!("{} <= {}", self.name(sk_name), self.value(s(v))),
        };
        expr += " AND ";
        expr += &sk_expr;
        expr
    }
}

/// The sort-key condition DynamoDB accepts for the same result, or None when nothing can match. DynamoDB refuses
/// empty key values and a reversed BETWEEN, where the embedded adapter simply finds nothing (or everything).
fn normalize(pk: &str, sk: &SkCond) -> Option<SkCond> {
    if pk.is_empty() {
        return None;
    }
    match sk {
        SkCond::Eq(v) | SkCond::Lte(v) if v.is_empty() => None,
        SkCond::BeginsWith(v) | SkCond::Gte(v) if v.is_empty() => Some(SkCond::All),
        SkCond::Between(a, b) if a > b || b.is_empty() => None,
        SkCond::Between(a, b) if a.is_empty() => Some(SkCond::Lte(b.clone())),
        other => Some(other.clone()),
    }
}

/// A query's request parts, built once and reused for every page.
struct QueryParts {
    key_condition: String,
    names: Option<HashMap<String, String>>,
    values: Option<HashMap<String, AttributeValue>>,
}

impl DynamoTable {
    fn query_parts(q: &Query, sk: &SkCond) -> QueryParts {
        let mut expr = Expr::default();
        let key_condition = expr.key_condition(q.index, &q.pk, sk);
        let (names, values) = expr.into_parts();
        QueryParts { key_condition, names, values }
    }

    fn query_request(
        &self,
        q: &Query,
        parts: &QueryParts,
        start: Option<DynItem>,
    ) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        self.client
            .query()
            .table_name(&self.table)
            .set_index_name(index_name(q.index))
            .key_condition_expression(&parts.key_condition)
            .set_expression_attribute_names(parts.names.clone())
            .set_expression_attribute_values(parts.values.clone())
            .scan_index_forward(q.forward)
            // Read-your-writes on the table, like the embedded adapter; indexes can only be eventually consistent.
            .set_consistent_read((q.index == Index::Table).then_some(true))
            .set_exclusive_start_key(start)
    }

    fn write_parts(cond: &Cond) -> StoreResult<(Option<String>, Expr)> {
        let mut expr = Expr::default();
        let condition = expr.condition(cond)?;
        Ok((condition, expr))
    }
}

#[async_trait]
impl Table for DynamoTable {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_av(key)))
            .consistent_read(true)
            .send()
            .await
            .map_err(map_err)?;
        out.item.map(from_dyn).transpose()
    }

    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        key_of(&item).ok_or_else(|| other("item without PK/SK"))?;
        let (condition, expr) = Self::write_parts(&cond)?;
        let (names, values) = expr.into_parts();
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(to_dyn(&item)?))
            .set_condition_expression(condition)
            .set_expression_attribute_names(names)
            .set_expression_attribute_values(values)
            .send()
            .await
            .map_err(map_err)?;
        Ok(())
    }

    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        let (condition, mut expr) = Self::write_parts(&cond)?;
        let update = expr.update(&set)?;
        let (names, values) = expr.into_parts();
        let out = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_av(key)))
            .update_expression(update)
            .set_condition_expression(condition)
            .set_expression_attribute_names(names)
            .set_expression_attribute_values(values)
            .return_values(ReturnValue::AllNew)
            .send()
            .await
            .map_err(map_err)?;
        match out.attributes {
            Some(item) => from_dyn(item),
            None => Err(other("UpdateItem returned no item")),
        }
    }

    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        let mut expr = Expr::default();
        let mut update = format!("ADD {} {}", expr.name(attr), expr.value(AttributeValue::N(delta.to_string())));
        let mut sets = Vec::new();
        for (name, value) in &on_create {
            if name == PK || name == SK || name == attr || value.is_null() {
                continue;
            }
            let placeholder = expr.name(name);
            sets.push(format!("{placeholder} = if_not_exists({placeholder}, {})", expr.json(value)?));
        }
        if !sets.is_empty() {
            update += &format!(" SET {}", sets.join(", "));
        }
        let (names, values) = expr.into_parts();
        let out = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_av(key)))
            .update_expression(update)
            .set_expression_attribute_names(names)
            .set_expression_attribute_values(values)
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await
            .map_err(map_err)?;
        match out.attributes.as_ref().and_then(|a| a.get(attr)) {
            Some(AttributeValue::N(n)) => n.parse().map_err(|_| other(format!("{attr} is not a whole number: {n}"))),
            _ => Err(other(format!("UpdateItem returned no number for {attr}"))),
        }
    }

    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        let (condition, expr) = Self::write_parts(&cond)?;
        let (names, values) = expr.into_parts();
        let out = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_av(key)))
            .set_condition_expression(condition)
            .set_expression_attribute_names(names)
            .set_expression_attribute_values(values)
            .return_values(ReturnValue::AllOld)
            .send()
            .await
            .map_err(map_err)?;
        out.attributes.filter(|a| !a.is_empty()).map(from_dyn).transpose()
    }

    async fn query(&self, q: &Query) -> StoreResult<Page> {
        let Some(sk) = normalize(&q.pk, &q.sk) else {
            return Ok(Page::default());
        };
        let parts = Self::query_parts(q, &sk);
        let mut start = match &q.cursor {
            Some(c) => Some(to_dyn(&decode_cursor(c)?)?),
            None => None,
        };
        let mut items = Vec::new();
        loop {
            // One more than asked tells whether a next page exists, so a cursor means more items, as in the
            // embedded adapter. DynamoDB may stop early (its own 1 MB pages), hence the loop.
            let want = q.limit.map(|limit| (limit + 1 - items.len()).min(i32::MAX as usize) as i32);
            let out = self.query_request(q, &parts, start).set_limit(want).send().await.map_err(map_err)?;
            for item in out.items.unwrap_or_default() {
                items.push(from_dyn(item)?);
            }
            if let Some(limit) = q.limit {
                if items.len() > limit {
                    items.truncate(limit);
                    let cursor = items.last().map(|last| encode_cursor(last, q.index));
                    return Ok(Page { items, cursor });
                }
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                return Ok(Page { items, cursor: None });
            }
        }
    }

    async fn count(&self, q: &Query) -> StoreResult<u64> {
        let Some(sk) = normalize(&q.pk, &q.sk) else {
            return Ok(0);
        };
        let parts = Self::query_parts(q, &sk);
        let mut start = None;
        let mut total = 0u64;
        loop {
            let out = self.query_request(q, &parts, start).select(Select::Count).send().await.map_err(map_err)?;
            total += out.count.max(0) as u64;
            start = out.last_evaluated_key;
            if start.is_none() {
                return Ok(total);
            }
        }
    }

    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        if ops.len() > 100 {
            return Err(other("a transaction holds at most 100 operations"));
        }
        let mut items = Vec::with_capacity(ops.len());
        for op in ops {
            let item = match op {
                TxOp::Put { item, cond } => {
                    key_of(&item).ok_or_else(|| other("item without PK/SK"))?;
                    let (condition, expr) = Self::write_parts(&cond)?;
                    let (names, values) = expr.into_parts();
                    let put = Put::builder()
                        .table_name(&self.table)
                        .set_item(Some(to_dyn(&item)?))
                        .set_condition_expression(condition)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .build()
                        .map_err(other)?;
                    TransactWriteItem::builder().put(put).build()
                }
                TxOp::Update { key, set, cond } => {
                    let (condition, mut expr) = Self::write_parts(&cond)?;
                    let update_expr = expr.update(&set)?;
                    let (names, values) = expr.into_parts();
                    let update = Update::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_av(&key)))
                        .update_expression(update_expr)
                        .set_condition_expression(condition)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .build()
                        .map_err(other)?;
                    TransactWriteItem::builder().update(update).build()
                }
                TxOp::Delete { key, cond } => {
                    let (condition, expr) = Self::write_parts(&cond)?;
                    let (names, values) = expr.into_parts();
                    let delete = Delete::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_av(&key)))
                        .set_condition_expression(condition)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .build()
                        .map_err(other)?;
                    TransactWriteItem::builder().delete(delete).build()
                }
                // A check without a condition always holds; DynamoDB requires one, so it is left out.
                TxOp::Check { cond: Cond::None, .. } => continue,
                TxOp::Check { key, cond } => {
                    let (condition, expr) = Self::write_parts(&cond)?;
                    let (names, values) = expr.into_parts();
                    let check = ConditionCheck::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_av(&key)))
                        .set_condition_expression(condition)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .build()
                        .map_err(other)?;
                    TransactWriteItem::builder().condition_check(check).build()
                }
            };
            items.push(item);
        }
        if items.is_empty() {
            return Ok(());
        }
        self.client.transact_write_items().set_transact_items(Some(items)).send().await.map_err(map_transact_err)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_definition_matches_the_port() {
        let def: TableDefinition = serde_json::from_str(TABLE_DEFINITION).expect("infra/table.json parses");
        let keys = |k: &[KeyDef]| (k[0].attribute_name.clone(), k[1].attribute_name.clone());
        assert_eq!(keys(&def.key_schema), (PK.to_string(), SK.to_string()));
        for (index, name) in [(Index::Gsi1, "GSI1"), (Index::Gsi2, "GSI2")] {
            let gsi = def.global_secondary_indexes.iter().find(|g| g.index_name == name).expect("index defined");
            let (pk, sk) = index.key_names();
            assert_eq!(keys(&gsi.key_schema), (pk.to_string(), sk.to_string()));
            assert_eq!(gsi.projection.projection_type, "ALL");
            assert_eq!(index_name(index).as_deref(), Some(name));
        }
        assert_eq!(def.time_to_live_specification.attribute_name, TTL);
        assert_eq!(def.billing_mode, "PAY_PER_REQUEST");
    }

    #[test]
    fn reserved_words_and_repeated_names_share_one_placeholder() {
        let mut expr = Expr::default();
        let cond = expr.condition(&Cond::eq("status", "open")).unwrap().unwrap();
        let mut set = Item::new();
        set.insert("status".into(), Value::from("closed"));
        set.insert("note".into(), Value::Null);
        set.insert(PK.into(), Value::from("ignored"));
        let update = expr.update(&set).unwrap();
        assert_eq!(cond, "#n0 = :v0");
        assert_eq!(update, "SET #n0 = :v1 REMOVE #n1");
    }

    #[test]
    fn key_conditions_dynamodb_would_refuse_match_nothing_or_everything() {
        assert_eq!(normalize("p", &SkCond::Eq(String::new())), None);
        assert_eq!(normalize("p", &SkCond::BeginsWith(String::new())), Some(SkCond::All));
        assert_eq!(normalize("p", &SkCond::Between("b".into(), "a".into())), None);
        assert_eq!(normalize("p", &SkCond::Between(String::new(), "a".into())), Some(SkCond::Lte("a".into())));
        assert_eq!(normalize("", &SkCond::All), None);
    }
}
