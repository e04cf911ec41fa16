//! How each part of the product is used, in the assistant's words, and the lists of a form's options.

use bt_core::i18n::{english, tr, Language};
use bt_records::{TaskPriority, TaskStatus};

use crate::speech;
use crate::understand::{Context, HelpTopic, OptionList};

/// The answer to "what are the priorities?", "which break types can I choose?", "what leave types are there?": the
/// list itself (the team's own break and leave types); the part's help when the team's list is not known.
pub fn options(list: OptionList, ctx: &Context, language: Language) -> String {
    let with_default = |names: &[String]| -> String {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| if i == 0 { tr(language, "{name} (the default)", &[("name", n)]) } else { n.clone() })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let priorities = || {
        let names: Vec<String> = TaskPriority::ALL.iter().map(|p| speech::option(p.as_str(), language)).collect();
        tr(language, "A task's priority is one of: {list}.", &[("list", &with_default(&names))])
    };
    let statuses = || {
        let names: Vec<String> = TaskStatus::ALL.iter().map(|s| speech::option(s.as_str(), language)).collect();
        tr(language, "A task's status is one of: {list}.", &[("list", &with_default(&names))])
    };
    let say = |text: &str| tr(language, text, &[]);
    match list {
        OptionList::Priorities => format!("{} {}", priorities(), say("Set it when you add or edit a task.")),
        OptionList::Statuses => format!("{} {}", statuses(), say("Change it as the task moves along.")),
        OptionList::PrioritiesAndStatuses => format!("{} {}", priorities(), statuses()),
        OptionList::BreakTypes if !ctx.break_types.is_empty() => tr(
            language,
            "The break types you can choose: {list}. Pick one when you add a break or start a live break.",
            &[("list", &ctx.break_types.join(", "))],
        ),
        OptionList::LeaveTypes if !ctx.leave_types.is_empty() => {
            let names: Vec<String> = ctx
                .leave_types
                .iter()
                .map(|t| {
                    if t.is_default {
                        tr(language, "{name} (the default)", &[("name", &t.name)])
                    } else {
                        t.name.clone()
                    }
                })
                .collect();
            tr(
                language,
                "Your team's leave types: {list}. A leave of a type that needs approval waits for an admin or HR.",
                &[("list", &names.join(", "))],
            )
        }
        OptionList::BreakTypes | OptionList::LeaveTypes => text_in(list.topic(), language),
    }
}

/// The help of a topic in `language` (its examples stay English: they are what Break Buddy understands).
pub fn text_in(topic: HelpTopic, language: Language) -> String {
    tr(language, text(topic), &[])
}

/// A help answer outside English says that Break Buddy understands English sentences.
pub fn with_english_note(text: String, language: Language) -> String {
    if language == Language::En {
        return text;
    }
    let note = tr(language, "Break Buddy understands sentences in English, so please write to it in English.", &[]);
    format!("{text} {note}")
}

/// The help of a topic, in English.
pub fn text(topic: HelpTopic) -> &'static str {
    english(match topic {
        HelpTopic::General => {
            "I'm Break Buddy. Tell me in plain words what you did or plan and I'll fill in the form for you: \
             'coffee break from 3 to 3:15 pm', 'task: send the invoice tomorrow, high priority', 'day off next \
             Friday for a dentist appointment', 'meeting with Alex tomorrow from 2 to 3 pm' or 'add water the \
             plants to my checklist'. You can also ask 'how long were my breaks today?', 'what's on my agenda \
             today?', 'who is on break?', 'who is off next week?', 'how many leave days do I have left?' or 'what \
             are my open tasks?', and 'how do I ...' about breaks, tasks, leaves, meetings, the checklist, reports, \
             your team or your profile."
        }
        HelpTopic::Breaks => {
            "Breaks are logged on the Dashboard: press Add Break, choose the break type, set the start and end \
             time and the date, add a reason if you like, and save. The duration is worked out for you; an end \
             earlier than the start counts as the next day, and a break can't be longer than 8 hours. Edit or \
             delete a break from its row. Or just tell me, e.g. 'lunch break from 12:30 to 1:15'."
        }
        HelpTopic::LiveBreaks => {
            "To time a break as it happens, start a live break with its type (and a reason if you like); your \
             team then sees you under Currently on break. End it when you're back and it is saved with the real \
             start and end time. A live break left running is closed after 8 hours."
        }
        HelpTopic::Tasks => {
            "Open Tasks and press Add Task: give a title, a description, the scheduled date, a status (To Do, In \
             Progress, In Review, Completed, Invalid, On Hold, Deferred, Blocked) and a priority (Normal, \
             Important, Critical, Low, High, Urgent, Blocker). Edit a task to change its status as it moves \
             along. Or tell me, e.g. 'task: renew the SSL certificate on Friday, urgent'."
        }
        HelpTopic::Leaves => {
            "Open Leaves and add a leave with its type, its From and To dates and a reason; the number of days is \
             counted for you, both days included. A leave of a type that needs approval waits for an admin or HR; \
             once approved, your team sees you under Today's absentees. Or tell me, e.g. 'vacation from Monday to \
             Wednesday' or 'off sick tomorrow', and ask 'how many leave days do I have left?' or 'who is off next \
             week?'."
        }
        HelpTopic::Meetings => {
            "Open Meetings and schedule one with its date, start and end time and a description (up to 1000 \
             characters). The list shows today's, upcoming or all meetings; edit or delete a meeting from its \
             row. Today's meetings are also in the Daily Agenda. Or tell me, e.g. 'meeting with the design team \
             tomorrow from 2 to 3 pm'."
        }
        HelpTopic::Checklist => {
            "The Daily Checklist button opens today's checklist: add an item (up to 200 characters), tick the box \
             when it's done, and click its text to edit it. Items marked as a feature go to the Feature Tasks \
             list. Earlier days are kept in the archived checklist. Or tell me, e.g. 'add water the plants to my \
             checklist'."
        }
        HelpTopic::Archives => {
            "Archives | Reports lists your past breaks, tasks, leaves, meetings and checklist items for a date \
             range (presets from the last 7 days to 5 years), with totals, and exports them as CSV. Admins and \
             HR can look at every member's reports."
        }
        HelpTopic::Team => {
            "Team Members lists everyone in your team with what they are doing right now. Admins invite new \
             members by email and set their role (admin, HR or member). Currently on break shows who is on a \
             live break, and Today's absentees who is on leave today."
        }
        HelpTopic::Profile => {
            "Profile (in the side navigation, or Settings in the menu under your name) is where you change your \
             name, time zone, email address and password, and where you can delete your account. Sign out from \
             the same menu."
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::TeamLeaveType;
    use chrono::TimeZone;

    fn ctx() -> Context {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Context::new(now, vec!["Lunch".into(), "Walk".into()])
    }

    #[test]
    fn the_lists_of_options() {
        let en = Language::En;
        assert!(options(OptionList::Priorities, &ctx(), en).contains("Normal (the default), Important, Critical"));
        assert!(options(OptionList::Statuses, &ctx(), en).contains("To Do (the default), In Progress"));
        assert!(options(OptionList::BreakTypes, &ctx(), en).contains("Lunch, Walk."));
        // No team types known (a guest): the leaves help.
        assert_eq!(options(OptionList::LeaveTypes, &ctx(), en), text(HelpTopic::Leaves));
        let ctx = ctx()
            .with_leave_types(vec![TeamLeaveType::new("1", "Vacation", true), TeamLeaveType::new("2", "Sick", false)]);
        assert!(options(OptionList::LeaveTypes, &ctx, en).contains("Vacation (the default), Sick."));
        assert!(options(OptionList::LeaveTypes, &ctx, Language::De).contains("Vacation (Standard), Sick."));
    }
}
