//! `docs/api-reference.md` is written from the OpenAPI document (`make api`); this test fails when it is stale.

#[test]
fn the_api_reference_is_generated_from_the_current_document() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/api-reference.md");
    let generated = breaktime_local::reference::markdown(breaktime_local::openapi::document());
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "{} is stale: run `make api` (the routers' annotations changed since it was written)",
        path.display()
    );
}
