//! A function group's routes, declared once for two uses. Each group writes
//! `pub fn routes<R: Routes>(r: R) -> R { bt_http::routes!(r, add, edit, profile::get_profile) }`:
//! - `routes(Router::new())` serves them (each Lambda's `main.rs`): only the path and the methods of each handler's
//!   `#[utoipa::path]` are read, so a Lambda neither builds nor links the OpenAPI description (smaller zip, less work
//!   at cold start);
//! - `routes(OpenApiRouter::new())` serves the same routes and also collects their description (the local server and
//!   the `openapi` binary assemble the document from it).
//!
//! What is served is what is described: both come from the one `#[utoipa::path]` of each handler.

use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter};
use axum::Router;
use utoipa::__dev::{SchemaReferences, Tags};
use utoipa::openapi::path::{HttpMethod, Paths};
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

/// Where routes are registered: a plain router, or one that also keeps the description.
pub trait Routes: Sized {
    /// Serves `handler` at the path and methods of its description `P` (the `__path_<handler>` type that
    /// `#[utoipa::path]` generates; the [`routes!`](crate::routes) macro names it).
    fn add<P, H, T>(self, handler: H) -> Self
    where
        P: utoipa::Path + SchemaReferences + Tags<'static>,
        H: Handler<T, AppState>,
        T: 'static;
}

impl Routes for Router<AppState> {
    fn add<P, H, T>(self, handler: H) -> Self
    where
        P: utoipa::Path + SchemaReferences + Tags<'static>,
        H: Handler<T, AppState>,
        T: 'static,
    {
        // A second handler on the same path (another method) is merged into the path's method router by axum.
        self.route(&P::path(), method_router(&P::methods(), handler))
    }
}

impl Routes for OpenApiRouter<AppState> {
    fn add<P, H, T>(self, handler: H) -> Self
    where
        P: utoipa::Path + SchemaReferences + Tags<'static>,
        H: Handler<T, AppState>,
        T: 'static,
    {
        // As utoipa-axum's `routes!` does for one handler: the operation with its tags, the schemas it refers to.
        let mut schemas = Vec::new();
        P::schemas(&mut schemas);
        let mut operation = P::operation();
        let tags = P::tags();
        if !tags.is_empty() {
            operation.tags.get_or_insert_with(Vec::new).extend(tags.iter().map(ToString::to_string));
        }
        let methods = P::methods();
        let served = method_router(&methods, handler);
        let mut paths = Paths::new();
        paths.add_path_operation(P::path(), methods, operation);
        // Operations of one path registered one by one are merged (utoipa-axum merges path items).
        self.routes((schemas, paths, served))
    }
}

fn method_router<H, T>(methods: &[HttpMethod], handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    methods.iter().fold(MethodRouter::new(), |router, method| router.on(filter(method), handler.clone()))
}

fn filter(method: &HttpMethod) -> MethodFilter {
    match method {
        HttpMethod::Get => MethodFilter::GET,
        HttpMethod::Put => MethodFilter::PUT,
        HttpMethod::Post => MethodFilter::POST,
        HttpMethod::Head => MethodFilter::HEAD,
        HttpMethod::Patch => MethodFilter::PATCH,
        HttpMethod::Trace => MethodFilter::TRACE,
        HttpMethod::Delete => MethodFilter::DELETE,
        HttpMethod::Options => MethodFilter::OPTIONS,
    }
}

/// `routes!(r, add, profile::get_profile)`: registers each `#[utoipa::path]` handler on `r` (a [`Routes`]). A
/// handler is named by its identifier, or `module::identifier`.
#[macro_export]
macro_rules! routes {
    ($routes:expr $(,)?) => { $routes };
    ($routes:expr, $module:ident :: $handler:ident $($rest:tt)*) => {
        $crate::routes!(
            $crate::__paste! {
                $crate::routes::Routes::add::<$module::[<__path_ $handler>], _, _>($routes, $module::$handler)
            }
            $($rest)*
        )
    };
    ($routes:expr, $handler:ident $($rest:tt)*) => {
        $crate::routes!(
            $crate::__paste! { $crate::routes::Routes::add::<[<__path_ $handler>], _, _>($routes, $handler) }
            $($rest)*
        )
    };
}
