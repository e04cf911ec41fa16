//! Imports: the multipart form of `POST /import/preview` and `/import/commit`, and their answers.

use serde::Serialize;
use utoipa::ToSchema;

use bt_app::i18n::{translate, Language};
use bt_app::records::import as dom;

/// Where the file comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportSource {
    Clockify,
    Toggl,
    Kimai,
    Generic,
}

/// The multipart form (`multipart/form-data`) of both import routes.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    /// `clockify` (detailed time entries CSV), `toggl` (Toggl Track detailed CSV), `kimai` (timesheet CSV) or
    /// `generic` (`kind,date,start,end,type,note`)
    pub source: ImportSource,
    /// The CSV file, UTF-8, at most 20 MB
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// A row that will not be imported.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRefusedRow {
    /// The row's number in the file (the header is row 1)
    pub row: u64,
    pub reason: String,
}

/// The kind of record a row becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportKind {
    Work,
    Break,
    Leave,
}

/// A record the import will create.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportItem {
    pub row: u64,
    pub kind: ImportKind,
    /// `YYYY-MM-DD` (a leave's first day)
    pub date: String,
    /// `HH:MM` (empty for a leave)
    pub start: String,
    /// `HH:MM`, or a leave's last day
    pub end: String,
    /// The break or leave type, or the entry's project and task
    pub label: String,
    pub note: String,
}

/// Records per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCounts {
    pub work: u64,
    pub breaks: u64,
    pub leaves: u64,
}

/// What a file would do (nothing is written).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    /// Rows read (blank rows left out)
    pub rows: u64,
    /// Rows understood (to be created, or present already)
    pub understood: u64,
    pub refused: Vec<ImportRefusedRow>,
    /// Records to be created, per kind
    pub create: ImportCounts,
    /// Rows imported before: skipped
    pub skipped: u64,
    /// The first 50 records to be created
    pub items: Vec<ImportItem>,
}

/// What a commit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportOutcome {
    pub created: u64,
    pub skipped: u64,
    pub refused: u64,
}

fn count(n: usize) -> u64 {
    n as u64
}

impl ImportPreview {
    /// The preview with each refused row's reason in `language`.
    pub fn localized(preview: dom::Preview, language: Language) -> ImportPreview {
        ImportPreview {
            rows: count(preview.rows),
            understood: count(preview.understood),
            refused: preview
                .refused
                .into_iter()
                .map(|r| ImportRefusedRow { row: count(r.row), reason: translate(language, &r.reason) })
                .collect(),
            create: ImportCounts {
                work: count(preview.create.work),
                breaks: count(preview.create.breaks),
                leaves: count(preview.create.leaves),
            },
            skipped: count(preview.skipped),
            items: preview
                .items
                .into_iter()
                .map(|i| ImportItem {
                    row: count(i.row),
                    kind: match i.kind {
                        dom::ItemKind::Work => ImportKind::Work,
                        dom::ItemKind::Break => ImportKind::Break,
                        dom::ItemKind::Leave => ImportKind::Leave,
                    },
                    date: i.date,
                    start: i.start,
                    end: i.end,
                    label: i.label,
                    note: i.note,
                })
                .collect(),
        }
    }
}

impl From<dom::Outcome> for ImportOutcome {
    fn from(o: dom::Outcome) -> Self {
        ImportOutcome { created: count(o.created), skipped: count(o.skipped), refused: count(o.refused) }
    }
}
