//! Reading the files: the columns of each source, the cells' dates and times, and the checks that refuse a whole
//! file (missing columns, a spreadsheet formula, an unreadable date or time). Nothing here reads the store.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike};

use super::Source;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::fill;

pub const NOT_CSV: &str = "The file is not a CSV file in UTF-8.";
pub const NO_ROWS: &str = "The file holds no rows.";
pub const MISSING_COLUMNS: &str = "The file lacks the columns: {columns}.";
pub const FORMULA: &str =
    "Row {row} holds a spreadsheet formula in the column \"{column}\". Remove it and upload the file again.";
pub const BAD_DATE: &str = "Row {row} has an invalid date in the column \"{column}\": \"{value}\".";
pub const BAD_TIME: &str = "Row {row} has an invalid time in the column \"{column}\": \"{value}\".";
pub const BAD_ROW: &str = "Row {row} cannot be read as CSV.";

/// What a row of a file says, before the person's records are looked at.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Entry {
    /// A time entry (Clockify, Toggl, Kimai) or a generic `work` row: from `start` to `end`.
    Timed { kind: TimedKind, start: NaiveDateTime, end: NaiveDateTime, label: String, note: String, tags: Vec<String> },
    /// A generic `leave` row: days from `from` to `to`.
    Leave { from: NaiveDate, to: NaiveDate, leave_type: String, note: String },
    /// A generic row whose kind is none of work, break or leave.
    UnknownKind,
}

/// Whether a timed entry is work or a break: a tool's entries are decided by their tags and description (see
/// `super::is_break`); a generic row says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimedKind {
    FromTool,
    Work,
    Break,
}

/// A row understood, with its number in the file (the header is row 1).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    pub number: usize,
    pub entry: Entry,
}

/// The columns a source's rows are read from (matched without regard to case, spaces around them ignored); other
/// columns are ignored. `docs/data-transfer.md` lists them.
pub(crate) fn required_columns(source: Source) -> &'static [&'static str] {
    match source {
        Source::Clockify => &["Description", "Tags", "Start Date", "Start Time", "End Date", "End Time"],
        Source::Toggl => &["Description", "Tags", "Start date", "Start time", "End date", "End time"],
        Source::Kimai => &["Date", "From", "To", "Description", "Tags"],
        Source::Generic => &["kind", "date", "start", "end", "type", "note"],
    }
}

/// Optional columns read when present (they name the entry in the preview and the note).
fn optional_columns(source: Source) -> &'static [&'static str] {
    match source {
        Source::Clockify | Source::Toggl => &["Project", "Task"],
        Source::Kimai => &["Project", "Activity"],
        Source::Generic => &[],
    }
}

fn row_fault(template: &str, values: &[(&str, &str)]) -> AppError {
    AppError::field("file", fill(template, values))
}

/// A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-` or `@` and is not a plain number, time
/// or duration (`-1.5`, `+02:30`).
pub(crate) fn is_formula(cell: &str) -> bool {
    let cell = cell.trim_start();
    let Some(first) = cell.chars().next() else { return false };
    if !matches!(first, '=' | '+' | '-' | '@') {
        return false;
    }
    let rest = &cell[first.len_utf8()..];
    let plain = matches!(first, '+' | '-')
        && rest.starts_with(|c: char| c.is_ascii_digit())
        && rest.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | ':'));
    !plain
}

/// Reads the whole file: the header, every row's cells, the formula check over every cell, and each row's entry.
/// Any fault of the file (its encoding, its columns, a formula, an unreadable date or time) is one 422 naming it,
/// so nothing of a bad file is written.
pub(crate) fn read(source: Source, bytes: &[u8]) -> AppResult<Vec<Row>> {
    let text = std::str::from_utf8(bytes).map_err(|_| AppError::field("file", NOT_CSV))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line = text.lines().next().unwrap_or("");
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() { b';' } else { b',' };
    let mut reader =
        csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).has_headers(false).from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(_)) => return Err(AppError::field("file", NOT_CSV)),
        None => return Err(AppError::field("file", NO_ROWS)),
    };
    let names: Vec<String> = header.iter().map(|h| h.trim().to_lowercase()).collect();
    let position = |column: &str| names.iter().position(|n| n == &column.to_lowercase());
    let missing: Vec<&str> =
        required_columns(source).iter().copied().filter(|column| position(column).is_none()).collect();
    if !missing.is_empty() {
        return Err(row_fault(MISSING_COLUMNS, &[("columns", &missing.join(", "))]));
    }
    let columns: Vec<Option<usize>> = required_columns(source).iter().map(|c| position(c)).collect();
    let optional: Vec<Option<usize>> = optional_columns(source).iter().map(|c| position(c)).collect();
    let mut rows = Vec::new();
    for (index, record) in records.enumerate() {
        let number = index + 2;
        let record = record.map_err(|_| row_fault(BAD_ROW, &[("row", &number.to_string())]))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if let Some((at, _)) = record.iter().enumerate().find(|(_, cell)| is_formula(cell)) {
            let column = header.get(at).unwrap_or("").trim().to_string();
            return Err(row_fault(FORMULA, &[("row", &number.to_string()), ("column", &column)]));
        }
        let cell = |i: usize| -> (&str, &str) {
            let name = required_columns(source)[i];
            (name, columns[i].and_then(|at| record.get(at)).unwrap_or("").trim())
        };
        let extra = |i: usize| optional[i].and_then(|at| record.get(at)).unwrap_or("").trim().to_string();
        let at = Cells { number };
        let entry = match source {
            Source::Clockify | Source::Toggl => {
                let us = source == Source::Clockify;
                let start = at.moment(cell(2), cell(3), us)?;
                let end = at.moment(cell(4), cell(5), us)?;
                let label = join(&[&extra(0), &extra(1)]);
                Entry::Timed {
                    kind: TimedKind::FromTool,
                    start,
                    end,
                    label,
                    note: cell(0).1.to_string(),
                    tags: tags(cell(1).1),
                }
            }
            Source::Kimai => {
                let day = at.date(cell(0), true)?;
                let start = NaiveDateTime::new(day, at.time(cell(1))?);
                let mut end = NaiveDateTime::new(day, at.time(cell(2))?);
                if end <= start {
                    end += Duration::days(1);
                }
                let label = join(&[&extra(0), &extra(1)]);
                Entry::Timed {
                    kind: TimedKind::FromTool,
                    start,
                    end,
                    label,
                    note: cell(3).1.to_string(),
                    tags: tags(cell(4).1),
                }
            }
            Source::Generic => generic(&at, cell(0).1, cell(1), cell(2), cell(3), cell(4).1, cell(5).1)?,
        };
        rows.push(Row { number, entry });
    }
    if rows.is_empty() {
        return Err(AppError::field("file", NO_ROWS));
    }
    Ok(rows)
}

fn generic(
    at: &Cells,
    kind: &str,
    date: (&str, &str),
    start: (&str, &str),
    end: (&str, &str),
    type_name: &str,
    note: &str,
) -> AppResult<Entry> {
    let kind = kind.to_lowercase();
    let day = at.date(date, false)?;
    match kind.as_str() {
        "work" | "break" => {
            let start = NaiveDateTime::new(day, at.time(start)?);
            let mut end = NaiveDateTime::new(day, at.time(end)?);
            if end <= start {
                end += Duration::days(1);
            }
            let kind = if kind == "work" { TimedKind::Work } else { TimedKind::Break };
            let tags = if type_name.is_empty() { Vec::new() } else { vec![type_name.to_string()] };
            Ok(Entry::Timed { kind, start, end, label: type_name.to_string(), note: note.to_string(), tags })
        }
        "leave" => {
            // A leave's `end` is its last day (empty: the same day); `start` is not read.
            let to = if end.1.is_empty() { day } else { at.date(end, false)? };
            Ok(Entry::Leave { from: day, to, leave_type: type_name.to_string(), note: note.to_string() })
        }
        _ => Ok(Entry::UnknownKind),
    }
}

fn join(parts: &[&str]) -> String {
    parts.iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join(" · ")
}

/// Tags as the tools write them: separated by commas (Clockify, Toggl, Kimai).
fn tags(cell: &str) -> Vec<String> {
    cell.split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect()
}

/// The row being read, for the messages of its faults.
struct Cells {
    number: usize,
}

impl Cells {
    fn date(&self, (column, value): (&str, &str), us_slashes: bool) -> AppResult<NaiveDate> {
        parse_date(value, us_slashes).ok_or_else(|| {
            row_fault(BAD_DATE, &[("row", &self.number.to_string()), ("column", column), ("value", value)])
        })
    }

    fn time(&self, (column, value): (&str, &str)) -> AppResult<NaiveTime> {
        parse_time(value).ok_or_else(|| {
            row_fault(BAD_TIME, &[("row", &self.number.to_string()), ("column", column), ("value", value)])
        })
    }

    fn moment(&self, date: (&str, &str), time: (&str, &str), us_slashes: bool) -> AppResult<NaiveDateTime> {
        Ok(NaiveDateTime::new(self.date(date, us_slashes)?, self.time(time)?))
    }
}

/// `YYYY-MM-DD`, `DD.MM.YYYY`, and with slashes `MM/DD/YYYY` (Clockify's default) or `DD/MM/YYYY` (elsewhere);
/// a date with a time after it (`2025-03-04 08:00`) is read for its date.
pub(crate) fn parse_date(value: &str, us_slashes: bool) -> Option<NaiveDate> {
    let value = value.split([' ', 'T']).next().unwrap_or("").trim();
    let slashes = if us_slashes { "%m/%d/%Y" } else { "%d/%m/%Y" };
    ["%Y-%m-%d", "%d.%m.%Y", slashes, "%Y/%m/%d"]
        .iter()
        .find_map(|format| NaiveDate::parse_from_str(value, format).ok())
        .filter(|d| (1900..=2999).contains(&chrono::Datelike::year(d)))
}

/// `HH:MM`, `HH:MM:SS`, `h:mm AM`, `h:mm:ss PM`, or a date and time (`2025-03-04 08:00:00`, Kimai's full form);
/// seconds are dropped (records hold minutes).
pub(crate) fn parse_time(value: &str) -> Option<NaiveTime> {
    let value = value.trim();
    let value = match value.split_once([' ', 'T']) {
        Some((date, time)) if date.contains(['-', '.', '/']) => time.trim(),
        _ => value,
    };
    let upper = value.to_uppercase();
    ["%H:%M", "%H:%M:%S", "%I:%M %p", "%I:%M:%S %p", "%I:%M%p", "%I:%M:%S%p"]
        .iter()
        .find_map(|format| NaiveTime::parse_from_str(&upper, format).ok())
        .and_then(|t| t.with_second(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_told_from_numbers_and_times() {
        for formula in ["=SUM(A1)", "+A1", "-2+3*cmd", "@SUM(1)", " =1"] {
            assert!(is_formula(formula), "{formula}");
        }
        for plain in ["-1.5", "+02:30", "-0,75", "hello", "", "1-2"] {
            assert!(!is_formula(plain), "{plain}");
        }
    }

    #[test]
    fn dates_and_times_of_the_tools_are_read() {
        let d = NaiveDate::from_ymd_opt(2025, 3, 4).unwrap();
        assert_eq!(parse_date("2025-03-04", false), Some(d));
        assert_eq!(parse_date("03/04/2025", true), Some(d));
        assert_eq!(parse_date("04/03/2025", false), Some(d));
        assert_eq!(parse_date("04.03.2025", false), Some(d));
        assert_eq!(parse_date("2025-03-04 08:00:00", false), Some(d));
        assert_eq!(parse_date("2025-02-30", false), None);
        let t = NaiveTime::from_hms_opt(13, 5, 0).unwrap();
        for v in ["13:05", "13:05:59", "1:05 PM", "01:05:00 pm", "2025-03-04 13:05:00"] {
            assert_eq!(parse_time(v), Some(t), "{v}");
        }
        assert_eq!(parse_time("25:00"), None);
    }

    #[test]
    fn missing_columns_are_named() {
        let err = read(Source::Toggl, b"Description,Start date\nx,2025-01-01\n").unwrap_err();
        let AppError::Validation(map) = err else { panic!() };
        assert_eq!(map["file"], "The file lacks the columns: Tags, Start time, End date, End time.");
    }
}
