//! The evaluation benchmark: accuracy on the labelled sentences and the engine's latency per question.
//!
//!     cargo run -p bt-assistant --release --example eval [-- --runs 200 --failures]

#[path = "../eval/harness.rs"]
mod harness;

use std::hint::black_box;
use std::time::Instant;

use bt_assistant::understand::understand;

fn percentile(sorted: &[u128], p: f64) -> u128 {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let show_failures = args.iter().any(|a| a == "--failures");

    let cases = harness::load();
    for (file, set) in harness::load_all() {
        let s = harness::score(&set);
        println!("== eval/{file}");
        println!("sentences:        {}", s.cases);
        println!("intent accuracy:  {:.1}% ({}/{})", 100.0 * s.intent_accuracy(), s.intents_right, s.cases);
        println!(
            "exact fields:     {:.1}% of sentences with fields ({}/{})",
            100.0 * s.exact_accuracy(),
            s.exact,
            s.field_cases
        );
        println!(
            "field accuracy:   {:.1}% of labelled fields ({}/{})",
            100.0 * s.field_accuracy(),
            s.fields_right,
            s.fields
        );
        println!("by intent (right/total):");
        for (intent, (n, ok)) in &s.by_intent {
            println!("  {intent:<20} {ok}/{n}");
        }
        if show_failures {
            for f in &s.failures {
                println!("  {f}");
            }
        } else if !s.failures.is_empty() {
            println!("{} mistakes (run with --failures to list them)", s.failures.len());
        }
    }

    // Each question is timed `runs` times. Its latency is the median of those runs, so a pause of the machine
    // (another process, the scheduler) does not count against the question; every single call is reported too.
    let contexts: Vec<_> = cases.iter().map(harness::context).collect();
    let mut per_question: Vec<Vec<u128>> = vec![Vec::with_capacity(runs); cases.len()];
    for _ in 0..runs {
        for (i, (case, ctx)) in cases.iter().zip(&contexts).enumerate() {
            let t = Instant::now();
            black_box(understand(black_box(&case.message), ctx));
            per_question[i].push(t.elapsed().as_nanos());
        }
    }
    let mut all: Vec<u128> = per_question.iter().flatten().copied().collect();
    all.sort_unstable();
    let mut medians: Vec<(u128, &str)> = per_question
        .iter_mut()
        .zip(&cases)
        .map(|(v, c)| {
            v.sort_unstable();
            (percentile(v, 0.5), c.message.as_str())
        })
        .collect();
    medians.sort_unstable();
    let sorted: Vec<u128> = medians.iter().map(|m| m.0).collect();
    let us = |ns: u128| ns as f64 / 1000.0;
    println!(
        "latency per question ({} questions, median of {runs} runs each): p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        sorted.len(),
        us(percentile(&sorted, 0.50)),
        us(percentile(&sorted, 0.99)),
        us(*sorted.last().unwrap_or(&0)),
    );
    println!(
        "every call ({}): p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        all.len(),
        us(percentile(&all, 0.50)),
        us(percentile(&all, 0.99)),
        us(*all.last().unwrap_or(&0)),
    );
    println!("slowest questions:");
    for (ns, message) in medians.iter().rev().take(5) {
        println!("  {:>8.1} µs  {message}", us(*ns));
    }
}
