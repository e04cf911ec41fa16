//! A month's timesheet as files: CSV for spreadsheets (minutes, one row a day and a totals row) and a PDF a person
//! hands to an auditor (name, team, month, the day table, totals and the approval stamp).
//!
//! The PDF is written with `printpdf` in its built-in Helvetica (one of the 14 standard PDF fonts every reader has),
//! so no font is embedded and the Lambda zip stays small; Helvetica's encoding (WinAnsi) covers Western European
//! text, and a character outside it is printed as `?`.

use bt_app::i18n::Language;
use bt_app::records::reports::csv_safe;
use bt_app::records::type_names;
use bt_app::work::timesheets::{export_days, hours, ExportDay, Timesheet};
use bt_app::{AppError, AppResult};
use printpdf::{BuiltinFont, Mm, Op, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, TextItem};

/// `timesheet-2025-03-ada-lovelace.csv`
pub fn filename(sheet: &Timesheet, extension: &str) -> String {
    let name: String = sheet
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("timesheet-{}-{name}.{extension}", sheet.month)
}

pub const CSV_HEADER: [&str; 11] = [
    "date",
    "weekday",
    "periods",
    "breaks",
    "rest",
    "worked",
    "target",
    "difference",
    "leaveOrHoliday",
    "manual",
    "findings",
];

/// One row a day and a totals row. Minutes are integers; `manual` is `yes` on a day with a period entered or changed
/// by hand; `findings` lists the break and rest rules the day falls short of (each note in parentheses). Text cells are quoted and defused like every other CSV export (`reports::csv_safe`).
pub fn csv(sheet: &Timesheet, language: Language) -> AppResult<Vec<u8>> {
    let fault = |e: csv::Error| AppError::Internal(e.into());
    // The header is fixed and machine-read (unquoted); every cell below it that is not a number is quoted.
    let mut header = CSV_HEADER.join(",").into_bytes();
    header.extend(b"\n");
    let mut writer = csv::WriterBuilder::new().quote_style(csv::QuoteStyle::NonNumeric).from_writer(header);
    let days = days_in(sheet, language);
    for day in &days {
        let row = [
            day.date.clone(),
            day.weekday.clone(),
            csv_safe(day.periods.clone()),
            csv_safe(day.breaks.clone()),
            day.rest.to_string(),
            day.worked.to_string(),
            day.target.to_string(),
            day.difference.to_string(),
            csv_safe(day.credit.clone()),
            if day.manual { "yes" } else { "" }.to_string(),
            csv_safe(day.findings.clone()),
        ];
        writer.write_record(&row).map_err(fault)?;
    }
    let rest: i64 = days.iter().map(|d| d.rest).sum();
    let totals = [
        "total".to_string(),
        String::new(),
        String::new(),
        String::new(),
        rest.to_string(),
        sheet.worked.to_string(),
        sheet.target.to_string(),
        sheet.difference.to_string(),
        String::new(),
        String::new(),
        String::new(),
    ];
    writer.write_record(&totals).map_err(fault)?;
    writer.into_inner().map_err(|e| AppError::Internal(e.into_error().into()))
}

/// The sheet's days as the exports print them, a leave's type in the reader's language ("Urlaub (halber Tag)"; a
/// type the team named stays as named). A holiday's name is the calendar's own.
fn days_in(sheet: &Timesheet, language: Language) -> Vec<ExportDay> {
    let mut days = export_days(sheet);
    for (day, source) in days.iter_mut().zip(&sheet.days) {
        if let (None, Some(leave)) = (&source.credit.holiday, &source.credit.leave) {
            day.credit = if leave.half {
                type_names::half_day_leave(language, &leave.leave_type)
            } else {
                type_names::leave_type_name(language, &leave.leave_type)
            };
        }
    }
    days
}

const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 15.0;
const LINE: f32 = 4.6;
/// Left edges of the day table's columns (mm), and the most characters each shows.
const COLUMNS: [(f32, usize); 9] = [
    (MARGIN, 10),
    (MARGIN + 19.0, 3),
    (MARGIN + 28.0, 24),
    (MARGIN + 68.0, 24),
    (MARGIN + 108.0, 6),
    (MARGIN + 121.0, 7),
    (MARGIN + 135.0, 7),
    (MARGIN + 149.0, 7),
    (MARGIN + 163.0, 20),
];

/// Text laid out page by page: each piece at its own place (one text object each, so a position is never relative
/// to the one before).
struct Pages {
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Pages {
    fn new() -> Pages {
        Pages { pages: vec![Vec::new()], y: PAGE_H - MARGIN }
    }

    fn text(&mut self, x: f32, size: f32, bold: bool, text: &str) {
        let font = if bold { BuiltinFont::HelveticaBold } else { BuiltinFont::Helvetica };
        let page = self.pages.last_mut().expect("a page");
        page.extend([
            Op::StartTextSection,
            Op::SetFont { font: PdfFontHandle::Builtin(font), size: Pt(size) },
            Op::SetTextCursor { pos: Point::new(Mm(x), Mm(self.y)) },
            Op::ShowText { items: vec![TextItem::Text(text.to_string())] },
            Op::EndTextSection,
        ]);
    }

    /// Moves down `lines` lines, onto a new page when this one is full.
    fn down(&mut self, lines: f32) {
        self.y -= LINE * lines;
        if self.y < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }

    /// Room for `lines` more lines on this page, or a new page.
    fn keep(&mut self, lines: f32) {
        if self.y - LINE * lines < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('~');
    out
}

fn table_header(pages: &mut Pages) {
    let labels = ["Date", "Day", "Work periods", "Breaks", "Rest", "Worked", "Target", "Diff.", "Leave / holiday"];
    for ((x, _), label) in COLUMNS.iter().zip(labels) {
        pages.text(*x, 8.0, true, label);
    }
    pages.down(1.2);
}

/// Splits a list (`a, b, c`) into lines of at most `max` characters.
fn lines_of(list: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for piece in list.split(", ").filter(|p| !p.is_empty()) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 2 + piece.chars().count() <= max => {
                line.push_str(", ");
                line.push_str(piece);
            }
            _ => lines.push(clip(piece, max)),
        }
    }
    lines
}

fn day_row(pages: &mut Pages, day: &ExportDay) {
    let periods = lines_of(&day.periods, COLUMNS[2].1);
    let breaks = lines_of(&day.breaks, COLUMNS[3].1);
    let height = periods.len().max(breaks.len()).max(1);
    pages.keep(height as f32);
    let mut first = periods.first().cloned().unwrap_or_default();
    if day.manual {
        first.push_str(" *");
    }
    let cells = [
        day.date.clone(),
        day.weekday.clone(),
        first,
        breaks.first().cloned().unwrap_or_default(),
        hours(day.rest),
        hours(day.worked),
        hours(day.target),
        hours(day.difference),
        clip(&day.credit, COLUMNS[8].1),
    ];
    for ((x, _), cell) in COLUMNS.iter().zip(&cells) {
        if !cell.is_empty() {
            pages.text(*x, 8.0, false, cell);
        }
    }
    for extra in 1..height {
        pages.down(1.0);
        if let Some(line) = periods.get(extra) {
            pages.text(COLUMNS[2].0, 8.0, false, line);
        }
        if let Some(line) = breaks.get(extra) {
            pages.text(COLUMNS[3].0, 8.0, false, line);
        }
    }
    pages.down(1.0);
}

/// The most characters of a findings line.
const FINDING_CHARS: usize = 110;

/// Splits text into lines of at most `max` characters at spaces.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(clip(word, max)),
        }
    }
    lines
}

/// The break and rest findings below the day table: each day's, with the note on each.
fn findings_list(pages: &mut Pages, days: &[ExportDay]) {
    let with: Vec<&ExportDay> = days.iter().filter(|d| !d.findings.is_empty()).collect();
    if with.is_empty() {
        return;
    }
    pages.keep(3.0);
    pages.text(MARGIN, 10.0, true, "Break and rest findings");
    pages.down(1.5);
    for day in with {
        for (i, line) in day.findings.split("; ").flat_map(|f| wrap(f, FINDING_CHARS)).enumerate() {
            pages.keep(1.0);
            if i == 0 {
                pages.text(MARGIN, 8.0, true, &day.date);
            }
            pages.text(MARGIN + 19.0, 8.0, false, &line);
            pages.down(1.0);
        }
    }
    pages.down(1.0);
}

/// The PDF: title, name, team, month, status, the day table, the totals and the approval stamp ("Approved by X on
/// date", or "Not approved").
pub fn pdf(sheet: &Timesheet, language: Language) -> Vec<u8> {
    let mut pages = Pages::new();
    pages.text(MARGIN, 16.0, true, "Timesheet");
    pages.down(2.0);
    pages.text(MARGIN, 10.0, false, &format!("Name: {}", sheet.name));
    pages.down(1.3);
    pages.text(MARGIN, 10.0, false, &format!("Team: {}", sheet.team));
    pages.down(1.3);
    pages.text(MARGIN, 10.0, false, &format!("Month: {}", sheet.month));
    pages.down(2.0);
    table_header(&mut pages);
    let days = days_in(sheet, language);
    for day in &days {
        day_row(&mut pages, day);
    }
    pages.down(0.5);
    pages.keep(6.0);
    let rest: i64 = days.iter().map(|d| d.rest).sum();
    pages.text(COLUMNS[0].0, 8.0, true, "Total");
    for (column, minutes) in [(4, rest), (5, sheet.worked), (6, sheet.target), (7, sheet.difference)] {
        pages.text(COLUMNS[column].0, 8.0, true, &hours(minutes));
    }
    pages.down(2.0);
    if days.iter().any(|d| d.manual) {
        pages.text(MARGIN, 8.0, false, "* a work period of the day was entered or changed by hand");
        pages.down(1.5);
    }
    pages.text(MARGIN, 8.0, false, "Times in hours:minutes. Difference = worked - target.");
    pages.down(2.0);
    findings_list(&mut pages, &days);
    let stamp = match sheet.state.approval() {
        Some(entry) => format!("Approved by {} on {}", entry.by_name, entry.at.get(..10).unwrap_or(&entry.at)),
        None => "Not approved".to_string(),
    };
    pages.text(MARGIN, 12.0, true, &stamp);
    let title = format!("Timesheet {} {}", sheet.month, sheet.name);
    let pages: Vec<PdfPage> = pages.pages.into_iter().map(|ops| PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ops)).collect();
    PdfDocument::new(&title).with_pages(pages).save(&PdfSaveOptions::default(), &mut Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_app::types::{Day, UserId};
    use bt_app::work::timesheets::{Action, Entry, Month, SheetState, Status};
    use bt_app::work::{DayCredit, LeaveCredit, WorkDay};
    use chrono::Datelike;

    fn sheet(status: Status) -> Timesheet {
        let month = Month::parse("2025-03", "month").unwrap();
        let user_id = UserId::new();
        let days: Vec<WorkDay> = month
            .dates()
            .map(|date| WorkDay {
                date: Day::from_date(date).unwrap(),
                periods: Vec::new(),
                breaks: Vec::new(),
                open: None,
                worked: 480,
                rest: 30,
                paid_breaks: 0,
                target: 480,
                difference: 0,
                credit: DayCredit {
                    holiday: None,
                    leave: (date.day() == 3).then(|| LeaveCredit { leave_type: "Vacation".into(), half: true }),
                },
                deleted_changes: Vec::new(),
                findings: Vec::new(),
            })
            .collect();
        let history = vec![Entry {
            action: Action::Approved,
            by: UserId::new(),
            by_name: "Grace Hopper".into(),
            at: "2025-04-02T09:00:00.000Z".into(),
            comment: None,
        }];
        Timesheet {
            month,
            user_id: user_id.clone(),
            name: "Ada Lovelace".into(),
            team: "Engines".into(),
            state: SheetState { month: month.to_string(), user_id, status, history, updated_at: String::new() },
            worked: 480 * 31,
            target: 480 * 31,
            difference: 0,
            days,
            locked: status == Status::Approved,
        }
    }

    fn text_of(pdf: &[u8]) -> String {
        let doc = lopdf::Document::load_mem(pdf).expect("a PDF");
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        doc.extract_text(&pages).expect("its text")
    }

    #[test]
    fn the_pdf_reads_back_with_its_table_totals_and_stamp() {
        let text = text_of(&pdf(&sheet(Status::Approved), Language::En));
        for wanted in [
            "Timesheet",
            "Ada Lovelace",
            "Engines",
            "2025-03",
            "2025-03-01",
            "2025-03-31",
            "Sat",
            "8:00",
            "248:00",
            "Vacation (half day)",
            "Approved by Grace Hopper on 2025-04-02",
        ] {
            assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
        }
        let open = text_of(&pdf(&sheet(Status::Submitted), Language::En));
        assert!(open.contains("Not approved"), "{open}");
        assert!(!open.contains("Approved by"), "{open}");
    }

    #[test]
    fn the_csv_has_a_row_a_day_and_totals() {
        let text = String::from_utf8(csv(&sheet(Status::Open), Language::En).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADER.join(","));
        assert_eq!(lines.len(), 1 + 31 + 1);
        assert!(lines[1].starts_with("\"2025-03-01\",\"Sat\","), "{}", lines[1]);
        assert!(lines[3].ends_with(",\"Vacation (half day)\",\"\",\"\""), "{}", lines[3]);
        assert_eq!(lines[32], "\"total\",\"\",\"\",\"\",930,14880,14880,0,\"\",\"\",\"\"");
    }

    #[test]
    fn a_starting_leave_type_is_in_the_readers_language_and_a_team_named_one_as_named() {
        let text = String::from_utf8(csv(&sheet(Status::Open), Language::De).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADER.join(","), "the header is the same in every language");
        assert!(lines[3].ends_with(",\"Urlaub (halber Tag)\",\"\",\"\""), "{}", lines[3]);
        assert!(text_of(&pdf(&sheet(Status::Open), Language::De)).contains("Urlaub (halber Tag)"));
        let mut own = sheet(Status::Open);
        own.days[2].credit.leave = Some(LeaveCredit { leave_type: "Elternzeit".into(), half: false });
        let text = String::from_utf8(csv(&own, Language::De).unwrap()).unwrap();
        assert!(text.lines().nth(3).unwrap().ends_with(",\"Elternzeit\",\"\",\"\""), "{text}");
    }

    #[test]
    fn the_findings_are_a_column_of_the_csv_and_a_list_in_the_pdf() {
        use bt_app::work::rules::findings::DayFinding;
        use bt_app::work::rules::notes::FindingNote;
        use bt_app::work::rules::{Finding, RuleKind};
        let mut sheet = sheet(Status::Open);
        let finding = |rule, message: &str| Finding {
            rule,
            when: "2025-03-04T14:30".into(),
            minutes_missing: 30,
            message: message.into(),
            law: "ArbZG § 4".into(),
        };
        let note =
            FindingNote { text: "Outage".into(), by_id: UserId::new(), by_name: "Ada".into(), at: String::new() };
        sheet.days[3].findings = vec![
            DayFinding { finding: finding(RuleKind::Break, "Break 30 minutes short."), note: Some(note) },
            DayFinding { finding: finding(RuleKind::Continuous, "6 h 30 without a break (at most 6 h)."), note: None },
        ];
        let text = String::from_utf8(csv(&sheet, Language::En).unwrap()).unwrap();
        let row = text.lines().nth(4).unwrap();
        assert!(row.ends_with(",\"Break 30 minutes short. (Outage); 6 h 30 without a break (at most 6 h).\""), "{row}");
        let pdf = text_of(&pdf(&sheet, Language::En));
        for wanted in ["Break and rest findings", "2025-03-04", "Break 30 minutes short. (Outage)", "6 h 30 without"] {
            assert!(pdf.contains(wanted), "{wanted} missing from:\n{pdf}");
        }
        assert!(!text_of(&super::pdf(&self::sheet(Status::Open), Language::En)).contains("Break and rest findings"));
    }

    #[test]
    fn files_are_named_by_month_and_person() {
        assert_eq!(filename(&sheet(Status::Open), "pdf"), "timesheet-2025-03-ada-lovelace.pdf");
    }
}
