//! Prints the API's OpenAPI document (`make api` feeds it to the web type generator).

fn main() {
    print!("{}", breaktime_local::openapi::document_text());
}
