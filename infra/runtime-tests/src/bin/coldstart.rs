//! Cold-start benchmark of every function (not a test): the release binary started fresh under the local Runtime
//! API, with an event already waiting, 20 times. Reports the median time from process start to the first poll of
//! the Runtime API (init: configuration, the key from SSM, clients, DynamoDB warm-up, all against moto on this
//! machine) and to the first answer, and the size of each Lambda zip when `make lambdas` has built them.
//!
//!     make coldstart        (or: cargo run -p breaktime-runtime-tests --release --bin coldstart [-- RUNS])

use std::time::{Duration, Instant};

use runtime_tests::{
    binary_path, build_binaries, moto_url, FunctionProcess, Outcome, Profile, Request, RuntimeApi, Stack, Template,
};

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let moto = moto_url("coldstart").expect("moto in .venv (make venv)");
    let template = Template::load();
    let binaries: Vec<String> = template.functions.iter().map(|f| f.binary.clone()).collect();
    eprintln!("building {} release binaries for this machine...", binaries.len());
    build_binaries(&binaries, Profile::Release);
    let stack = Stack::create(&moto).await;

    println!("| function | init (median ms) | first answer (median ms) | min-max first answer (ms) | bootstrap (MB, host) | zip arm64 (MB) |");
    println!("|---|---:|---:|---:|---:|---:|");
    for function in &template.functions {
        // A function without routes (the scheduler) is started by its EventBridge Scheduler event.
        let event = match function.routes.first() {
            Some((_, route)) => {
                let params: Vec<&str> = route.path.matches('{').map(|_| "01HZZZZZZZZZZZZZZZZZZZZZZZ").collect();
                Request::new(&route.key(), &params).json(serde_json::json!({})).event()
            }
            None => serde_json::json!({ "source": "aws.scheduler" }),
        };
        let path = binary_path(&function.binary, Profile::Release);
        let mut inits = Vec::new();
        let mut answers = Vec::new();
        for _ in 0..runs {
            let api = RuntimeApi::start(&function.binary).await;
            let env = stack.lambda_env(&function.binary, function.memory_mb, &api.address(), &moto);
            let answer = api.submit(event.clone());
            let started = Instant::now();
            let process = FunctionProcess::start(&path, &function.binary, env, api).await;
            match process.api.wait(answer, Duration::from_secs(30)).await {
                Outcome::Response(_) => {}
                other => panic!("{}: {other:?}\n{}", function.binary, process.output().join("\n")),
            }
            answers.push(started.elapsed());
            inits.push(process.api.first_poll().expect("polled") - started);
        }
        let zip = runtime_tests::repo_root().join(format!("target/lambda/{}/bootstrap.zip", function.binary));
        let zip_mb =
            std::fs::metadata(&zip).map(|m| format!("{:.2}", m.len() as f64 / 1e6)).unwrap_or_else(|_| "-".into());
        let bin_mb = std::fs::metadata(&path).map(|m| m.len() as f64 / 1e6).unwrap_or(0.0);
        let (min, max) = (answers.iter().min().copied().unwrap(), answers.iter().max().copied().unwrap());
        println!(
            "| {} | {} | {} | {}-{} | {:.2} | {} |",
            function.binary,
            ms(median(inits)),
            ms(median(answers)),
            ms(min),
            ms(max),
            bin_mb,
            zip_mb
        );
    }
}
