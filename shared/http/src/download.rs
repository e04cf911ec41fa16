//! Answers that are a file to save, not JSON: the body as it is, with its media type and a `Content-Disposition`
//! that names the file (timesheet exports).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use bt_app::AppError;

/// 200 with `body` as an attachment named `filename` (ASCII letters, digits, `-`, `_` and `.`; anything else is
/// replaced by `_`, so the header is always valid).
pub fn attachment(content_type: &'static str, filename: &str, body: Vec<u8>) -> Result<Response, AppError> {
    let safe: String = filename
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' })
        .collect();
    let disposition =
        HeaderValue::from_str(&format!("attachment; filename=\"{safe}\"")).map_err(|e| AppError::Internal(e.into()))?;
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type)), (header::CONTENT_DISPOSITION, disposition)],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_and_typed() {
        let response = attachment("application/pdf", "timesheet 2025-03 Zoë.pdf", b"%PDF".to_vec()).unwrap();
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/pdf");
        assert_eq!(
            response.headers()[header::CONTENT_DISPOSITION],
            "attachment; filename=\"timesheet_2025-03_Zo_.pdf\""
        );
    }
}
