//! A path the app does not have: an API client (a bearer token, or asking for JSON) gets the API's JSON 404, as API
//! Gateway answers an unknown route; a browser still gets the web app (`index.html`), whose router shows its own page.

use crate::support::*;
use reqwest::Method;

fn is_the_api_not_found(reply: &Reply, what: &str) {
    assert_eq!(reply.status.as_u16(), 404, "{what}: {}", reply.text);
    assert!(reply.header("content-type").is_some_and(|t| t.starts_with("application/json")), "{what}");
    assert!(reply.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{what}: {}", reply.text);
    assert!(!reply.text.contains(INDEX_HTML), "{what} got the web app");
}

#[tokio::test]
async fn an_api_client_gets_a_json_404_for_an_unknown_path() {
    let app = spawn_app_with(options().web()).await;
    let ann = app.person("Ann").await;
    let reply = app.call(Method::GET, "/leaves/all").by(&ann).send().await;
    is_the_api_not_found(&reply, "GET /leaves/all with a bearer");
    let reply = app.call(Method::GET, "/leaves/all").header("accept", "application/json").send().await;
    is_the_api_not_found(&reply, "GET /leaves/all asking for JSON");
    let reply =
        app.call(Method::GET, "/no/such/thing").header("accept", "application/problem+json, */*;q=0.1").send().await;
    is_the_api_not_found(&reply, "GET asking for a JSON type");
    let reply = app.call(Method::HEAD, "/leaves/all").bearer("not-a-token").send().await;
    assert_eq!(reply.status.as_u16(), 404, "HEAD with a bearer");
}

#[tokio::test]
async fn a_browser_still_gets_the_web_app_for_its_own_routes() {
    let app = spawn_app_with(options().web()).await;
    let navigation = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for path in ["/leaves/all", "/settings", "/api/docs"] {
        let reply = app.call(Method::GET, path).header("accept", navigation).send().await;
        assert_eq!(reply.status.as_u16(), 200, "{path}");
        assert_eq!(reply.text, INDEX_HTML, "{path}");
    }
    // Asking for both, HTML wins: a browser's page.
    let reply = app.call(Method::GET, "/leaves/all").header("accept", "text/html, application/json").send().await;
    assert_eq!(reply.text, INDEX_HTML);
    // No Accept at all (a plain `curl`): the page, as before.
    let reply = app.call(Method::GET, "/leaves/all").send().await;
    assert_eq!(reply.text, INDEX_HTML);
    // The build's own files are served to anyone.
    let ann = app.person("Ann").await;
    let reply = app.call(Method::GET, ASSET_PATH).by(&ann).send().await;
    assert_eq!((reply.status.as_u16(), reply.text.as_str()), (200, ASSET_JS));
}

#[tokio::test]
async fn a_known_route_is_unchanged_for_an_api_client() {
    let app = spawn_app_with(options().web()).await;
    let ann = app.person("Ann").await;
    let reply = app.call(Method::GET, "/user/profile").by(&ann).header("accept", "application/json").send().await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    assert_eq!(reply.data()["email"], ann.email.as_str());
}
