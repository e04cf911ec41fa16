//! Load generator of `infra/scripts/soak.sh`: mixed creates, edits, deletes and reads of every record kind by many
//! concurrent clients, then an integrity check of everything the server acknowledged, read back through the API.
//!
//!   soak seed <data dir> <users> [sqlite|dynamo]   writes verified users straight into the store (teams of five),
//!                                                  prints one access token per line; `dynamo` (built with
//!                                                  `--features aws`) creates the table `TABLE_NAME` first and
//!                                                  reaches it through the usual AWS variables
//!   soak run <base url> <tokens file> <seconds> <clients> [label]
//!
//! Client `c` works as user `c % users`; the clients of one user share that user's lists, leave-overlap guard and
//! live break, but each edits and deletes only the records it created itself, so "the last acknowledged content"
//! of every record is well defined. Leaves of different clients of a user sit in disjoint date ranges, so an
//! overlap is never expected. Afterwards every user's records are read back (`/reports/<kind>`, all pages) and:
//! every record whose create was acknowledged and whose delete was not is there exactly once, equal to the answer
//! of its last acknowledged write; every acknowledged delete is gone (also `GET .../get/{id}` is 404); nothing
//! unacknowledged appeared. Any 5xx, transport error or unexpected status is a violation; the exit code is 1 then.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bt_adapters_local::outbox::Outbox;
use bt_app::account::{member_item, user_item, Member, User};
use bt_app::config::Config;
use bt_app::records::dates;
use bt_core::store::{Cond, Table};
use bt_http::AppState;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("seed") if args.len() >= 4 => {
            seed(&args[2], args[3].parse()?, args.get(4).map(String::as_str).unwrap_or("sqlite")).await
        }
        Some("run") if args.len() >= 6 => {
            let tokens: Vec<String> =
                std::fs::read_to_string(&args[3])?.lines().filter(|l| !l.is_empty()).map(String::from).collect();
            let label = args.get(6).cloned().unwrap_or_else(|| "local server".into());
            let ok = run(&args[2], tokens, Duration::from_secs(args[4].parse()?), args[5].parse()?, &label).await;
            std::process::exit(if ok { 0 } else { 1 })
        }
        _ => anyhow::bail!(
            "usage: soak seed <data dir> <users> [sqlite|dynamo] | run <url> <tokens file> <seconds> <clients> [label]"
        ),
    }
}

// ---- seeding -----------------------------------------------------------------------------------------------------

/// The signing key the server uses: `<data dir>/jwt-secret`, created here when absent.
fn secret(dir: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let path = dir.join("jwt-secret");
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 32 {
            return Ok(bytes);
        }
    }
    let bytes: Vec<u8> = (0..48).map(|_| rand::random::<u8>()).collect();
    std::fs::write(&path, &bytes)?;
    Ok(bytes)
}

async fn open_store(dir: &std::path::Path, kind: &str) -> anyhow::Result<Arc<dyn Table>> {
    match kind {
        "sqlite" => Ok(Arc::new(bt_adapters_local::sqlite::SqliteTable::open(&dir.join("breaktime.sqlite3"))?)),
        #[cfg(feature = "aws")]
        "dynamo" => {
            let aws = bt_adapters_aws::sdk::aws_config_from_env().await;
            let name = std::env::var("TABLE_NAME").unwrap_or_else(|_| "breaktime".into());
            let table = bt_adapters_aws::dynamo::DynamoTable::from_env(&aws, name);
            table.create_table().await.map_err(|e| anyhow::anyhow!("creating the table: {e}"))?;
            Ok(Arc::new(table))
        }
        other => anyhow::bail!("store {other} is not supported by this build (sqlite; dynamo with --features aws)"),
    }
}

async fn seed(dir: &str, users: usize, kind: &str) -> anyhow::Result<()> {
    let dir = std::path::Path::new(dir);
    std::fs::create_dir_all(dir)?;
    let store = open_store(dir, kind).await?;
    let state = AppState::new(store.clone(), Arc::new(Outbox::new(None)), Config::from_env(Some(secret(dir)?))?);
    let mut team = String::new();
    for n in 0..users {
        let now = state.clock.now();
        if n % 5 == 0 {
            team = bt_app::records::new_id(now).to_string();
        }
        let id = bt_app::records::new_id(now);
        let name = format!("Soak User {n}");
        let email = format!("{}@soak.local", id.to_lowercase());
        let stamp = bt_app::records::timestamp(now);
        let role = if n % 5 == 0 { "admin" } else { "member" };
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team, "role": role,
            "timeZone": "UTC", "tokenVersion": 0, "createdAt": stamp,
        }))?;
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": role, "joinedAt": stamp,
        }))?;
        store.put(user_item(&user)?, Cond::NotExists).await?;
        store.put(member_item(&user.team_id, &member)?, Cond::NotExists).await?;
        println!("{}", bt_app::auth::issue_access_token(&state, &user)?);
    }
    Ok(())
}

// ---- the record kinds --------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Break,
    Task,
    Leave,
    Meeting,
    Checklist,
}

const KINDS: [Kind; 5] = [Kind::Break, Kind::Task, Kind::Leave, Kind::Meeting, Kind::Checklist];

impl Kind {
    fn base(self) -> &'static str {
        match self {
            Kind::Break => "/break",
            Kind::Task => "/task",
            Kind::Leave => "/leaves",
            Kind::Meeting => "/meeting",
            Kind::Checklist => "/daily-checklist",
        }
    }
    fn report(self) -> &'static str {
        match self {
            Kind::Break => "breaks",
            Kind::Task => "tasks",
            Kind::Leave => "leaves",
            Kind::Meeting => "meetings",
            Kind::Checklist => "checklist",
        }
    }
    /// The field every body of the generator makes unique, to see that an answer is about what was sent.
    fn marker(self) -> &'static str {
        match self {
            Kind::Break | Kind::Leave => "reason",
            Kind::Task => "title",
            Kind::Meeting => "description",
            Kind::Checklist => "task",
        }
    }
    /// A list read of this kind (any page of the owner's records).
    fn list(self, today: &str) -> String {
        match self {
            Kind::Break => format!("/break/todayBreaks?todayCreatedDate={today}"),
            Kind::Task => "/task/list?limit=20".into(),
            Kind::Leave => "/leaves/list?limit=20".into(),
            Kind::Meeting => "/meeting/all?limit=20".into(),
            Kind::Checklist => "/daily-checklist/getCheckListWithTwoLatestDates".into(),
        }
    }
}

/// Every date the generator writes lies in `[today - SPAN_DAYS, today]`, inside one report range (at most 5 years).
const SPAN_DAYS: i64 = 1500;
const BREAK_TYPES: [&str; 4] = ["Coffee Break", "Lunch Break", "Short Break", "Refreshment"];
const TASK_STATUSES: [&str; 4] = ["To Do", "In Progress", "Completed", "On Hold"];

struct Client {
    id: usize,
    rng: StdRng,
    /// `days[n]` is the date `n` days before today.
    days: Arc<Vec<String>>,
    /// Days `[leave_lo, leave_lo + leave_len)` before today are this client's for leaves.
    leave_lo: i64,
    leave_len: i64,
    serial: u64,
    /// Live records: what the last acknowledged write answered.
    live: BTreeMap<(Kind, String), Value>,
    /// Acknowledged deletes.
    deleted: Vec<(Kind, String)>,
    /// Days (offsets before today) a live leave of this client occupies.
    leave_days: HashMap<String, i64>,
}

impl Client {
    fn date(&mut self) -> String {
        let back = self.rng.gen_range(0..SPAN_DAYS) as usize;
        self.days[back].clone()
    }
    fn time(&mut self, lo_hour: u32, hi_hour: u32) -> (String, String) {
        let start = self.rng.gen_range(lo_hour * 60..hi_hour * 60);
        let end = start + self.rng.gen_range(5..60);
        (format!("{:02}:{:02}", start / 60, start % 60), format!("{:02}:{:02}", end / 60, end % 60))
    }
    fn marker(&mut self) -> String {
        self.serial += 1;
        format!("soak c{} n{}", self.id, self.serial)
    }
    /// A free leave day of this client (offset before today), if any is left.
    fn free_leave_day(&mut self) -> Option<i64> {
        for _ in 0..20 {
            let d = self.leave_lo + self.rng.gen_range(0..self.leave_len);
            if !self.leave_days.values().any(|&v| v == d) {
                return Some(d);
            }
        }
        None
    }
    /// A body for a create or a full edit; leaves also return the day they take.
    fn body(&mut self, kind: Kind) -> Option<(Value, Option<i64>)> {
        let m = self.marker();
        Some(match kind {
            Kind::Break => {
                let (s, e) = self.time(8, 17);
                let t = BREAK_TYPES[self.rng.gen_range(0..BREAK_TYPES.len())];
                (json!({"startTime": s, "endTime": e, "createdDate": self.date(), "type": t, "reason": m}), None)
            }
            Kind::Task => {
                let st = TASK_STATUSES[self.rng.gen_range(0..TASK_STATUSES.len())];
                let body = json!({"title": m, "description": "soak task", "scheduled": self.date(), "status": st});
                (body, None)
            }
            Kind::Leave => {
                let day = self.free_leave_day()?;
                let date = self.days[day as usize].clone();
                (json!({"fromDate": date, "toDate": date, "reason": m}), Some(day))
            }
            Kind::Meeting => {
                let (f, t) = self.time(8, 18);
                (json!({"from": f, "to": t, "scheduleDate": self.date(), "description": m}), None)
            }
            Kind::Checklist => {
                let feature = self.rng.gen_bool(0.1);
                let status = self.rng.gen_bool(0.5);
                (json!({"task": m, "status": status, "createdDate": self.date(), "isFeature": feature}), None)
            }
        })
    }
    fn pick_live(&mut self, kind: Option<Kind>) -> Option<(Kind, String)> {
        let candidates: Vec<&(Kind, String)> =
            self.live.keys().filter(|(k, _)| kind.is_none_or(|want| *k == want)).collect();
        if candidates.is_empty() {
            return None;
        }
        Some(candidates[self.rng.gen_range(0..candidates.len())].clone())
    }
}

// ---- shared tallies ----------------------------------------------------------------------------------------------

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    statuses: BTreeMap<u16, u64>,
    creates: u64,
    edits: u64,
    deletes: u64,
    conflicts: u64,
    violations: Vec<String>,
    server_errors: u64,
    transport_errors: u64,
}

impl Tally {
    fn violation(&mut self, what: String) {
        self.violations.push(what);
    }
}

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    /// One call; `None` on a transport error. Its latency and status are tallied.
    async fn call(
        &self,
        tally: &mut Tally,
        token: &str,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Option<(StatusCode, Value)> {
        let mut request = self.http.request(method.clone(), format!("{}{path}", self.base)).bearer_auth(token);
        if let Some(b) = body {
            request = request.json(b);
        }
        let started = Instant::now();
        let result = match request.send().await {
            Ok(r) => {
                let status = r.status();
                r.bytes().await.ok().map(|b| (status, serde_json::from_slice(&b).unwrap_or(Value::Null)))
            }
            Err(_) => None,
        };
        tally.latencies.push(started.elapsed());
        match &result {
            Some((status, body)) => {
                *tally.statuses.entry(status.as_u16()).or_default() += 1;
                if status.is_server_error() {
                    tally.server_errors += 1;
                    tally.violation(format!("{method} {path}: {status} {body}"));
                }
            }
            None => {
                tally.transport_errors += 1;
                tally.violation(format!("{method} {path}: no answer"));
            }
        }
        result
    }
}

fn unexpected(tally: &mut Tally, what: &str, status: StatusCode, body: &Value) {
    if !status.is_server_error() {
        tally.violation(format!("{what}: unexpected {status} {body}"));
    }
}

/// One client's run: random operations until the deadline.
async fn client_loop(api: Arc<Api>, token: String, mut c: Client, deadline: Instant) -> (Client, Tally) {
    let mut t = Tally::default();
    let today = c.days[0].clone();
    while Instant::now() < deadline {
        let kind = KINDS[c.rng.gen_range(0..KINDS.len())];
        let roll = c.rng.gen_range(0..100);
        if roll < 25 || c.live.len() < 3 {
            // Create.
            let Some((body, day)) = c.body(kind) else { continue };
            let Some((status, reply)) =
                api.call(&mut t, &token, Method::POST, &format!("{}/add", kind.base()), Some(&body)).await
            else {
                continue;
            };
            if status.is_success() && reply["data"][kind.marker()] == body[kind.marker()] {
                let id = reply["data"]["_id"].as_str().unwrap_or_default().to_string();
                t.creates += 1;
                if let Some(d) = day {
                    c.leave_days.insert(id.clone(), d);
                }
                c.live.insert((kind, id), reply["data"].clone());
            } else if status == StatusCode::CONFLICT && kind == Kind::Leave {
                // The guard gave up after other writes of this user kept coming in: clean, nothing written.
                t.conflicts += 1;
            } else {
                unexpected(&mut t, &format!("create {kind:?}"), status, &reply);
            }
        } else if roll < 50 {
            // Edit one of this client's records with a whole new body.
            let Some((kind, id)) = c.pick_live(Some(kind)).or_else(|| c.pick_live(None)) else { continue };
            let Some((body, day)) = c.body(kind) else { continue };
            let path = format!("{}/edit/{id}", kind.base());
            let Some((status, reply)) = api.call(&mut t, &token, Method::PUT, &path, Some(&body)).await else {
                continue;
            };
            if status.is_success() && reply["data"][kind.marker()] == body[kind.marker()] && reply["data"]["_id"] == id
            {
                t.edits += 1;
                if let Some(d) = day {
                    c.leave_days.insert(id.clone(), d);
                }
                c.live.insert((kind, id), reply["data"].clone());
            } else if status == StatusCode::CONFLICT && kind == Kind::Leave {
                t.conflicts += 1;
            } else {
                unexpected(&mut t, &format!("edit {kind:?} {id}"), status, &reply);
            }
        } else if roll < 60 {
            let Some((kind, id)) = c.pick_live(Some(kind)).or_else(|| c.pick_live(None)) else { continue };
            let path = format!("{}/delete/{id}", kind.base());
            let Some((status, reply)) = api.call(&mut t, &token, Method::DELETE, &path, None).await else { continue };
            if status.is_success() {
                t.deletes += 1;
                c.live.remove(&(kind, id.clone()));
                c.leave_days.remove(&id);
                c.deleted.push((kind, id));
            } else {
                unexpected(&mut t, &format!("delete {kind:?} {id}"), status, &reply);
            }
        } else if roll < 82 {
            // Read one record back by id: a live one equals its last acknowledged write, a deleted one is 404.
            let deleted = !c.deleted.is_empty() && c.rng.gen_bool(0.2);
            let (kind, id) = if deleted {
                c.deleted[c.rng.gen_range(0..c.deleted.len())].clone()
            } else {
                let Some(k) = c.pick_live(None) else { continue };
                k
            };
            let path = format!("{}/get/{id}", kind.base());
            let Some((status, reply)) = api.call(&mut t, &token, Method::GET, &path, None).await else { continue };
            match (deleted, status) {
                (true, StatusCode::NOT_FOUND) => {}
                (false, s) if s.is_success() => {
                    if reply["data"] != c.live[&(kind, id.clone())] {
                        t.violation(format!(
                            "read {kind:?} {id}: {} is not the acknowledged {}",
                            reply["data"],
                            c.live[&(kind, id.clone())]
                        ));
                    }
                }
                (_, s) => unexpected(&mut t, &format!("read {kind:?} {id} (deleted: {deleted})"), s, &reply),
            }
        } else if roll < 97 {
            let Some((status, reply)) = api.call(&mut t, &token, Method::GET, &kind.list(&today), None).await else {
                continue;
            };
            if !status.is_success() {
                unexpected(&mut t, &format!("list {kind:?}"), status, &reply);
            }
        } else {
            // A live break: the clients of one user race for it, so 409 is a normal answer.
            let Some((status, reply)) = api
                .call(
                    &mut t,
                    &token,
                    Method::POST,
                    "/break/start",
                    Some(&json!({"type": "Coffee Break", "reason": c.marker()})),
                )
                .await
            else {
                continue;
            };
            if status == StatusCode::CONFLICT {
                t.conflicts += 1;
            } else if !status.is_success() {
                unexpected(&mut t, "start a break", status, &reply);
            }
            let Some((status, reply)) = api.call(&mut t, &token, Method::POST, "/break/end", None).await else {
                continue;
            };
            if status.is_success() {
                let id = reply["data"]["_id"].as_str().unwrap_or_default().to_string();
                t.creates += 1;
                c.live.insert((Kind::Break, id), reply["data"].clone());
            } else if status == StatusCode::CONFLICT {
                t.conflicts += 1;
            } else {
                unexpected(&mut t, "end a break", status, &reply);
            }
        }
    }
    (c, t)
}

// ---- the run and the integrity check -----------------------------------------------------------------------------

/// Every record of one kind the owner of `token` has in the report range, all pages.
async fn read_all(api: &Api, t: &mut Tally, token: &str, kind: Kind, from: &str, to: &str) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    loop {
        let path = format!("/reports/{}?from={from}&to={to}&skip={}&limit=100", kind.report(), out.len());
        let (status, reply) = api.call(t, token, Method::GET, &path, None).await?;
        if !status.is_success() {
            unexpected(t, &format!("read back {kind:?}"), status, &reply);
            return None;
        }
        let items = reply["data"]["items"].as_array().cloned().unwrap_or_default();
        let total = reply["data"]["totalCount"].as_u64().unwrap_or(0) as usize;
        let done = items.is_empty();
        out.extend(items);
        if done || out.len() >= total {
            return Some(out);
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

async fn run(base: &str, tokens: Vec<String>, duration: Duration, clients: usize, label: &str) -> bool {
    let api = Arc::new(Api {
        base: base.trim_end_matches('/').to_string(),
        http: reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("http client"),
    });
    let users = tokens.len().max(1);
    let today = dates::parse_date(&dates::today_in("UTC", bt_app::clock::Clock::default().now())).expect("today");
    let days: Arc<Vec<String>> = Arc::new(
        std::iter::successors(Some(today), |d| d.pred_opt())
            .take(SPAN_DAYS as usize + 1)
            .map(dates::format_date)
            .collect(),
    );
    // The clients of one user split the leave days of the report range between them.
    let per_user = clients.div_ceil(users).max(1) as i64;
    let leave_len = (SPAN_DAYS / per_user).max(1);
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for id in 0..clients {
        let slot = (id / users) as i64;
        let client = Client {
            id,
            rng: StdRng::seed_from_u64(id as u64 ^ started.elapsed().as_nanos() as u64 ^ rand::random::<u64>()),
            days: days.clone(),
            leave_lo: slot * leave_len,
            leave_len,
            serial: 0,
            live: BTreeMap::new(),
            deleted: Vec::new(),
            leave_days: HashMap::new(),
        };
        tasks.push(tokio::spawn(client_loop(api.clone(), tokens[id % users].clone(), client, deadline)));
    }
    let mut total = Tally::default();
    let mut models: Vec<Vec<Client>> = (0..users).map(|_| Vec::new()).collect();
    for task in tasks {
        let (c, t) = task.await.expect("client task");
        total.latencies.extend(t.latencies);
        for (s, n) in t.statuses {
            *total.statuses.entry(s).or_default() += n;
        }
        total.creates += t.creates;
        total.edits += t.edits;
        total.deletes += t.deletes;
        total.conflicts += t.conflicts;
        total.server_errors += t.server_errors;
        total.transport_errors += t.transport_errors;
        total.violations.extend(t.violations);
        models[c.id % users].push(c);
    }
    let elapsed = started.elapsed();
    let mut lat = std::mem::take(&mut total.latencies);
    lat.sort();

    // Read everything back.
    let from = days[SPAN_DAYS as usize].clone();
    let to = dates::format_date(today.succ_opt().expect("tomorrow"));
    let (mut expected, mut found, mut gone, mut mismatches, mut duplicates, mut extras) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    let mut check = Tally::default();
    for (user, clients_of_user) in models.iter().enumerate() {
        let token = &tokens[user];
        for kind in KINDS {
            let Some(items) = read_all(&api, &mut check, token, kind, &from, &to).await else { continue };
            let mut seen: HashMap<String, Vec<Value>> = HashMap::new();
            for item in items {
                seen.entry(item["_id"].as_str().unwrap_or_default().to_string()).or_default().push(item);
            }
            let mut known = 0usize;
            for c in clients_of_user {
                for ((k, id), want) in c.live.iter().filter(|((k, _), _)| *k == kind) {
                    let _ = k;
                    expected += 1;
                    match seen.get(id).map(Vec::as_slice) {
                        Some([one]) if one == want => found += 1,
                        Some([one]) => {
                            mismatches += 1;
                            check.violation(format!("{kind:?} {id}: read back {one}, last acknowledged {want}"));
                        }
                        Some(many) if !many.is_empty() => {
                            duplicates += 1;
                            check.violation(format!("{kind:?} {id}: listed {} times", many.len()));
                        }
                        _ => check.violation(format!("{kind:?} {id}: acknowledged but missing")),
                    }
                    if seen.contains_key(id) {
                        known += 1;
                    }
                }
                for (k, id) in c.deleted.iter().filter(|(k, _)| *k == kind) {
                    let listed = seen.contains_key(id);
                    let path = format!("{}/get/{id}", k.base());
                    let got = api.call(&mut check, token, Method::GET, &path, None).await;
                    if !listed && matches!(got, Some((StatusCode::NOT_FOUND, _))) {
                        gone += 1;
                    } else {
                        check.violation(format!("{kind:?} {id}: deleted (acknowledged) but still there"));
                    }
                }
            }
            if seen.len() > known {
                extras += (seen.len() - known) as u64;
                check.violation(format!("{kind:?}: {} records nobody got an acknowledgement for", seen.len() - known));
            }
        }
    }

    let requests = lat.len();
    println!(
        "soak ({label}): {clients} clients, {users} users, {:.0} s: {requests} requests, {:.0} req/s, p50 {:.2} ms, \
         p99 {:.2} ms",
        elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        percentile(&lat, 0.50),
        percentile(&lat, 0.99)
    );
    let statuses: Vec<String> = total.statuses.iter().map(|(s, n)| format!("{s}: {n}")).collect();
    println!(
        "  answers: {}; clean 409s (live break taken, leave guard busy): {}",
        statuses.join(", "),
        total.conflicts
    );
    println!(
        "  integrity: writes acknowledged {} (creates {}, edits {}); live records expected {expected}, found once with \
         their last acknowledged content {found}; deletes acknowledged {}, gone {gone}; mismatches {mismatches}, \
         duplicates {duplicates}, unacknowledged records {extras}",
        total.creates + total.edits,
        total.creates,
        total.edits,
        total.deletes,
    );
    let server_errors = total.server_errors + check.server_errors;
    let transport = total.transport_errors + check.transport_errors;
    println!("  5xx answers {server_errors}, requests without an answer {transport}");
    let mut violations = total.violations;
    violations.extend(check.violations);
    let ok = violations.is_empty() && expected == found && total.deletes == gone && requests > 0;
    for v in violations.iter().take(20) {
        println!("  VIOLATION {v}");
    }
    if violations.len() > 20 {
        println!("  ... and {} more violations", violations.len() - 20);
    }
    println!("  {}", if ok { "OK" } else { "FAILED" });
    ok
}
