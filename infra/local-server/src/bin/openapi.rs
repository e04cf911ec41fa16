//! Prints the API's OpenAPI document (`make api` feeds it to the web type generator), or with `--markdown` the
//! per-endpoint reference written from it (`docs/api-reference.md`).

fn main() {
    if std::env::args().any(|a| a == "--markdown") {
        print!("{}", breaktime_local::reference::markdown(breaktime_local::openapi::document()));
    } else {
        print!("{}", breaktime_local::openapi::document_text());
    }
}
