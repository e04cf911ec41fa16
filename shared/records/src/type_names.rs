//! The names a new team starts with, as a reader sees them: the default break types (§3), the three starting leave
//! types, and the tasks' statuses and priorities (§4) are stored by the specification's English names, the same for
//! the whole team; exports, PDFs and mails show them in the reader's language (the server catalogues,
//! `shared/core/locales`). A name the team gave itself is shown as it was written.
//!
//! A default is told apart by its exact stored name (case and spaces included): break types are a plain list of names
//! without ids, and a leave type renamed by its team ("Holiday") is the team's own name from then on. The web app's
//! `web/src/lib/type-names.ts` makes the same choice.

use bt_core::i18n::{tr, translate, Language};

use crate::break_types::DEFAULT_BREAK_TYPES;
use crate::tasks::{TaskPriority, TaskStatus};

/// The names of the three leave types every team starts with (`leave_types`).
pub const STARTING_LEAVE_TYPES: [&str; 3] = ["Vacation", "Sick", "Unpaid"];

fn named(language: Language, name: &str, defaults: impl IntoIterator<Item = &'static str>) -> String {
    if defaults.into_iter().any(|default| default == name) {
        translate(language, name)
    } else {
        name.to_string()
    }
}

/// A break type in `language`: "Coffee Break" is "Kaffeepause" in German; "Standup walk" stays.
pub fn break_type_name(language: Language, name: &str) -> String {
    named(language, name, DEFAULT_BREAK_TYPES)
}

/// A leave type in `language`: "Vacation" is "Urlaub" in German; "Parental leave" stays.
pub fn leave_type_name(language: Language, name: &str) -> String {
    named(language, name, STARTING_LEAVE_TYPES)
}

/// A task status in `language` ("In Progress" is "In Arbeit" in German).
pub fn task_status_name(language: Language, status: TaskStatus) -> String {
    translate(language, status.as_str())
}

/// A task priority in `language` ("Urgent" is "Dringend" in German).
pub fn task_priority_name(language: Language, priority: TaskPriority) -> String {
    translate(language, priority.as_str())
}

/// A leave that credits half a day: "Urlaub (halber Tag)".
pub fn half_day_leave(language: Language, name: &str) -> String {
    tr(language, "{type} (half day)", &[("type", &leave_type_name(language, name))])
}

/// A CSV export's rows with the names in `language`, by the column's (fixed, machine-read) header: `type` (a break
/// type), `leaveType`, `status` and `priority` (a task's). Other cells stay as they are.
pub fn csv_rows_in(language: Language, header: &[&str], mut rows: Vec<Vec<String>>) -> Vec<Vec<String>> {
    if language == Language::En {
        return rows;
    }
    for (column, name) in header.iter().enumerate() {
        let shown: fn(Language, &str) -> String = match *name {
            "type" => break_type_name,
            "leaveType" => leave_type_name,
            "status" => |l, v| TaskStatus::parse(v).map_or_else(|| v.to_string(), |s| task_status_name(l, s)),
            "priority" => |l, v| TaskPriority::parse(v).map_or_else(|| v.to_string(), |p| task_priority_name(l, p)),
            _ => continue,
        };
        for row in &mut rows {
            if let Some(cell) = row.get_mut(column) {
                *cell = shown(language, cell);
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::i18n::has_key;

    #[test]
    fn every_default_has_a_name_in_each_language() {
        let defaults = DEFAULT_BREAK_TYPES
            .into_iter()
            .chain(STARTING_LEAVE_TYPES)
            .chain(TaskStatus::ALL.iter().map(|s| s.as_str()))
            .chain(TaskPriority::ALL.iter().map(|p| p.as_str()));
        for name in defaults {
            for language in Language::ALL {
                assert!(has_key(language, name), "{name} has no {language} name");
            }
        }
        assert!(has_key(Language::De, "{type} (half day)"));
    }

    #[test]
    fn defaults_are_shown_in_german_and_team_names_as_written() {
        let de = Language::De;
        assert_eq!(break_type_name(de, "Coffee Break"), "Kaffeepause");
        assert_eq!(break_type_name(de, "Standup walk"), "Standup walk");
        assert_eq!(break_type_name(de, "coffee break"), "coffee break");
        assert_eq!(leave_type_name(de, "Vacation"), "Urlaub");
        assert_eq!(leave_type_name(de, "Parental leave"), "Parental leave");
        assert_eq!(task_status_name(de, TaskStatus::InProgress), "In Arbeit");
        assert_eq!(task_priority_name(de, TaskPriority::Urgent), "Dringend");
        assert_eq!(half_day_leave(de, "Sick"), "Krankheit (halber Tag)");
        assert_eq!(half_day_leave(Language::En, "Vacation"), "Vacation (half day)");
        assert_eq!(break_type_name(Language::En, "Coffee Break"), "Coffee Break");
    }

    #[test]
    fn a_csv_keeps_its_header_and_shows_the_names_of_its_type_columns() {
        let header = ["date", "type", "reason", "status", "priority", "leaveType"];
        let row = |cells: [&str; 6]| cells.map(str::to_string).to_vec();
        let rows = vec![
            row(["2026-03-02", "Coffee Break", "Vacation", "To Do", "Urgent", "Sick"]),
            row(["2026-03-03", "Gym", "Coffee Break", "Waiting", "Soon", "Parental leave"]),
        ];
        let shown = csv_rows_in(Language::Fr, &header, rows.clone());
        assert_eq!(shown[0], row(["2026-03-02", "Pause café", "Vacation", "À faire", "Urgente", "Maladie"]));
        assert_eq!(shown[1], rows[1]);
        assert_eq!(csv_rows_in(Language::En, &header, rows.clone()), rows);
    }
}
