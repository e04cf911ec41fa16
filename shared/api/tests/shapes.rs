//! The API's answers, written out: each record as the wire type shows it, byte for byte (field names, order,
//! optional fields), whatever the domain type holds.

use bt_api::records::{breaks, checklist, leaves, meetings, tasks};
use bt_app::records::breaks as dom_breaks;
use bt_app::records::checklist as dom_checklist;
use bt_app::records::leaves as dom_leaves;
use bt_app::records::meetings as dom_meetings;
use bt_app::records::tasks as dom_tasks;
use bt_app::types::{ClockTime, Day, RecordId, TeamId, UserId};

const ID: &str = "01HZX3Y8Q2W5E7R9T1V3B5N7M9";
const USER: &str = "01HZX3Y8Q2W5E7R9T1V3B5N7M8";
const TEAM: &str = "01HZX3Y8Q2W5E7R9T1V3B5N7M7";
const AT: &str = "2024-05-06T09:00:00.000Z";

fn day(text: &str) -> Day {
    Day::parse(text).unwrap()
}

fn time(text: &str) -> ClockTime {
    ClockTime::parse(text).unwrap()
}

fn json<T: serde::Serialize>(value: T) -> String {
    serde_json::to_string(&value).unwrap()
}

#[test]
fn a_break() {
    let record = dom_breaks::Break {
        id: RecordId::parse(ID).unwrap(),
        user_id: UserId::parse(USER).unwrap(),
        start_time: time("09:00"),
        end_time: time("09:45"),
        duration: 45,
        created_date: day("2024-05-06"),
        reason: "coffee".into(),
        break_type: "Coffee Break".into(),
        is_closed: true,
        is_modal: false,
        live: false,
        created_at: AT.into(),
        updated_at: AT.into(),
    };
    assert_eq!(
        json(breaks::Break::from(record)),
        format!(
            r#"{{"_id":"{ID}","userId":"{USER}","startTime":"09:00","endTime":"09:45","duration":45,"createdDate":"2024-05-06","reason":"coffee","type":"Coffee Break","isClosed":true,"isModal":false,"live":false,"createdAt":"{AT}","updatedAt":"{AT}"}}"#
        )
    );
}

#[test]
fn a_live_break() {
    let open = dom_breaks::OpenBreak {
        user_id: UserId::parse(USER).unwrap(),
        team_id: TeamId::parse(TEAM).unwrap(),
        name: "Ana".into(),
        break_type: "Lunch Break".into(),
        reason: String::new(),
        since: AT.into(),
        start_time: time("11:00"),
        created_date: day("2024-05-06"),
        time_zone: "Europe/Berlin".into(),
    };
    assert_eq!(
        json(breaks::OpenBreak::from(open)),
        format!(
            r#"{{"userId":"{USER}","teamId":"{TEAM}","name":"Ana","type":"Lunch Break","reason":"","since":"{AT}","startTime":"11:00","createdDate":"2024-05-06","timeZone":"Europe/Berlin"}}"#
        )
    );
}

#[test]
fn a_task() {
    let task = dom_tasks::Task {
        id: RecordId::parse(ID).unwrap(),
        user_id: UserId::parse(USER).unwrap(),
        title: "Report".into(),
        description: "Quarterly".into(),
        scheduled: day("2024-05-07"),
        status: dom_tasks::TaskStatus::InProgress,
        priority: dom_tasks::TaskPriority::High,
        created_date: day("2024-05-06"),
        created_at: AT.into(),
        updated_at: AT.into(),
    };
    assert_eq!(
        json(tasks::Task::from(task)),
        format!(
            r#"{{"_id":"{ID}","userId":"{USER}","title":"Report","description":"Quarterly","scheduled":"2024-05-07","status":"In Progress","priority":"High","createdDate":"2024-05-06","createdAt":"{AT}","updatedAt":"{AT}"}}"#
        )
    );
}

#[test]
fn a_checklist_item() {
    let item = dom_checklist::ChecklistItem {
        id: RecordId::parse(ID).unwrap(),
        user_id: UserId::parse(USER).unwrap(),
        task: "Stand-up".into(),
        status: true,
        created_date: day("2024-05-06"),
        is_feature: false,
        created_at: AT.into(),
        updated_at: AT.into(),
    };
    assert_eq!(
        json(checklist::ChecklistItem::from(item)),
        format!(
            r#"{{"_id":"{ID}","userId":"{USER}","task":"Stand-up","status":true,"createdDate":"2024-05-06","isFeature":false,"createdAt":"{AT}","updatedAt":"{AT}"}}"#
        )
    );
}

#[test]
fn a_meeting() {
    let meeting = dom_meetings::Meeting {
        id: RecordId::parse(ID).unwrap(),
        user_id: UserId::parse(USER).unwrap(),
        from: time("10:00"),
        to: time("10:30"),
        schedule_date: day("2024-05-08"),
        description: "Planning".into(),
        created_at: AT.into(),
        updated_at: AT.into(),
        title: String::new(),
        place: "Room 1".into(),
        organizer_id: None,
        organizer_name: String::new(),
        attendees: vec![dom_meetings::Attendee {
            user_id: UserId::parse(TEAM).unwrap(),
            name: "Bo".into(),
            answer: dom_meetings::Answer::Yes,
        }],
        time_zone: "Europe/Berlin".into(),
    };
    assert_eq!(
        json(meetings::Meeting::from(meeting)),
        format!(
            r#"{{"_id":"{ID}","userId":"{USER}","from":"10:00","to":"10:30","scheduleDate":"2024-05-08","description":"Planning","createdAt":"{AT}","updatedAt":"{AT}","title":"","place":"Room 1","organizerName":"","attendees":[{{"userId":"{TEAM}","name":"Bo","answer":"yes"}}],"timeZone":"Europe/Berlin"}}"#
        )
    );
}

#[test]
fn a_leave() {
    let leave = dom_leaves::Leave {
        id: RecordId::parse(ID).unwrap(),
        user_id: UserId::parse(USER).unwrap(),
        from_date: day("2024-05-06"),
        to_date: day("2024-05-08"),
        reason: "Trip".into(),
        days: 3,
        created_at: AT.into(),
        updated_at: AT.into(),
        type_id: RecordId::parse(TEAM).unwrap(),
        status: dom_leaves::LeaveStatus::Pending,
        decided_by: None,
        decided_by_name: None,
        decided_at: None,
        comment: None,
        user_name: Some("Ana".into()),
        half_day: None,
        working_days: Some(2.5),
    };
    assert_eq!(
        json(leaves::Leave::from(leave)),
        format!(
            r#"{{"_id":"{ID}","userId":"{USER}","fromDate":"2024-05-06","toDate":"2024-05-08","reason":"Trip","days":3,"createdAt":"{AT}","updatedAt":"{AT}","typeId":"{TEAM}","status":"pending","userName":"Ana","workingDays":2.5}}"#
        )
    );
}
