//! The `import` endpoint group: a CSV file of Clockify, Toggl Track, Kimai or the generic form, previewed and then
//! committed as the signed-in person's work periods, breaks and leaves (see `docs/data-transfer.md`).
//!
//! Both routes take `multipart/form-data` with `source` and `file`, up to 20 MB (their own body limit: every other
//! route keeps the common 64 KiB).

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use bt_api::records::import::{ImportForm, ImportOutcome, ImportPreview};
use bt_app::records::import::{self, Source, FILE_REQUIRED, MAX_FILE_BYTES, SOURCE_REQUIRED, TOO_LARGE};
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::error::ErrorMessages;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::{data, ApiError, ApiResult, AppState, Routes};
use tracing::instrument;
use utoipa_axum::router::OpenApiRouter;

/// The body limit of these routes: the file and the form's own bytes around it.
pub use bt_http::MAX_UPLOAD_BYTES;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, preview, commit)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new()).layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new()).layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
}

/// 413 with the import's own message (the file, not "the request body").
fn too_large() -> Response {
    let mut errors = bt_app::error::FieldErrors::new();
    errors.insert("file".into(), TOO_LARGE.into());
    let body = ErrorMessages { errors: Some(errors), message: TOO_LARGE.into() };
    let mut response = (StatusCode::PAYLOAD_TOO_LARGE, axum::Json(&body)).into_response();
    response.extensions_mut().insert(body);
    response
}

/// The form's `source` and `file`, or the answer that refuses it.
async fn form(multipart: Result<Multipart, MultipartRejection>) -> Result<(Source, Vec<u8>), Response> {
    let mut multipart = multipart.map_err(|_| ApiError(AppError::UnsupportedMediaType).into_response())?;
    let mut source = None;
    let mut file = None;
    let malformed = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError(AppError::BadRequest("The form could not be read.".into())).into_response()
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(malformed)? {
        match field.name() {
            Some("source") => source = Some(field.text().await.map_err(malformed)?),
            Some("file") => file = Some(field.bytes().await.map_err(malformed)?.to_vec()),
            _ => {}
        }
    }
    let source = source.ok_or_else(|| ApiError(AppError::field("source", SOURCE_REQUIRED)).into_response())?;
    let source = Source::parse(&source).map_err(|e| ApiError(e).into_response())?;
    let file = file.ok_or_else(|| ApiError(AppError::field("file", FILE_REQUIRED)).into_response())?;
    if file.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok((source, file))
}

/// Preview an import: what the file holds and what it would create (nothing is written)
///
/// `multipart/form-data` with `source` (`clockify`, `toggl`, `kimai` or `generic`) and `file` (CSV, UTF-8, at most
/// 20 MB). Answers the rows understood, the rows refused with their number and reason (a month whose timesheet is
/// approved, an overlap, a break over 8 hours, ...), the records to be created per kind and the first 50 of them,
/// and how many rows were imported before (skipped). A bad file (missing columns, named; a spreadsheet formula in a
/// cell; an unreadable date or time, with its row) is 422.
#[utoipa::path(post, path = "/import/preview", tag = "import",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "Success", body = Data<ImportPreview>),
        (status = 400, description = "The form could not be read", body = ErrorBody),
        (status = 401, response = Unauthorized),
        (status = 413, description = "The file is larger than 20 MB", body = ErrorBody),
        (status = 415, description = "The body is not multipart/form-data", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn preview(
    State(state): State<AppState>,
    user: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let (source, file) = match form(multipart).await {
        Ok(form) => form,
        Err(response) => return Ok(response),
    };
    let preview = import::preview(state.services(), &user.user, source, &file, state.clock.now()).await?;
    Ok(data(ImportPreview::localized(preview, user.user.language())))
}

/// Import a file: its new rows become my work periods, breaks and leaves
///
/// The same form as the preview. The whole file is read and checked before anything is written; a bad file is 422
/// and nothing is written. Rows imported before are skipped (each record's id is derived from the row), so the same
/// file imported twice creates nothing the second time. Answers the counts.
#[utoipa::path(post, path = "/import/commit", tag = "import",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "Success", body = Data<ImportOutcome>),
        (status = 400, description = "The form could not be read", body = ErrorBody),
        (status = 401, response = Unauthorized),
        (status = 413, description = "The file is larger than 20 MB", body = ErrorBody),
        (status = 415, description = "The body is not multipart/form-data", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn commit(
    State(state): State<AppState>,
    user: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let (source, file) = match form(multipart).await {
        Ok(form) => form,
        Err(response) => return Ok(response),
    };
    let outcome = import::commit(state.services(), &user.user, source, &file, state.clock.now()).await?;
    tracing::info!(created = outcome.created, skipped = outcome.skipped, refused = outcome.refused, "import committed");
    Ok(data(ImportOutcome::from(outcome)))
}
