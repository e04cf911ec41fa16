//! The evaluation set as a test: it fails when the engine falls below the thresholds of the issue.

#[path = "../eval/harness.rs"]
mod harness;

#[test]
fn the_evaluation_set_is_large_and_covers_every_intent() {
    let cases = harness::load();
    assert!(cases.len() >= 300, "only {} cases", cases.len());
    let s = harness::score(&cases);
    for intent in [
        "createBreak",
        "createTask",
        "createLeave",
        "createMeeting",
        "createChecklist",
        "breakMinutesToday",
        "breakMinutesWeek",
        "agendaToday",
        "whoIsOnBreak",
        "whoIsOffToday",
        "whoIsOff",
        "leaveBalance",
        "openTasksByPriority",
        "help",
        "unknown",
    ] {
        assert!(s.by_intent.get(intent).is_some_and(|(n, _)| *n >= 5), "fewer than 5 cases of {intent}");
    }
}

#[test]
fn the_engine_meets_the_accuracy_thresholds() {
    let s = harness::score(&harness::load());
    let report = s.failures.join("\n");
    assert!(s.intent_accuracy() >= 0.97, "intent accuracy {:.3}\n{report}", s.intent_accuracy());
    assert!(s.exact_accuracy() >= 0.95, "exact fields {:.3}\n{report}", s.exact_accuracy());
}
