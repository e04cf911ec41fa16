//! One route set for every record kind a user keeps by hand (breaks, tasks, meetings, leaves, checklist items): add,
//! edit (with `If-Match`, answering the `ETag`), delete and read one. A kind declares it once with
//! [`record_routes!`](crate::record_routes): its wire types, and per route the path, summary, failures and the one
//! domain use case it calls. The macro writes the kind's [`RecordRoutes`] impl (the one place its routes call the
//! domain: when a use case's signature changes, only its line in the macro's input changes) and the four described
//! handlers, which the kind's `routes` lists like any other (`crud::add, crud::edit, ...`).
//!
//! Why a macro over generic handlers, and not per-kind `utoipa::Path` impls: the handlers' code is generic
//! ([`add`], [`edit`], [`remove`], [`one`]: parse, call the kind's use case, answer), but `#[utoipa::path]` describes
//! one function with literal paths, types and texts, so it cannot sit on a generic function. Writing the kinds'
//! `utoipa::Path` impls by hand would rebuild utoipa's operation builder (and risk a document that is no longer the
//! same); the macro instead writes, per kind, four one-line functions that carry the kind's `#[utoipa::path]` and call
//! the generic handler. What every kind shares (the methods, the `{"data": ...}` bodies, 401/404/422, the `ETag`
//! header, the id and `If-Match` parameters) is written once in the macro; what differs (path, tag, summary and
//! description, extra failures such as 409 and 403, the use case) is the macro's input. The types described are the
//! types the impl reads and answers (the same names fill both), so what is served is what is described.
//!
//! Routes only some kinds have (live breaks, meeting answers, leave requests, the kinds' lists, which differ in
//! filters, paging and answer shapes) stay hand-written in their function crates.

use std::future::Future;

use axum::extract::State;
use bt_app::records::{Expect, Owner};
use bt_app::types::RecordId;
use bt_app::{AppResult, Services};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tracing::instrument;

/// What the macro's expansion names (the calling crates need not import it).
#[doc(hidden)]
pub mod __expand {
    pub use bt_app::records::{Expect, Owner};
    pub use bt_app::types::RecordId;
    pub use bt_app::{AppResult, Services};
}

use crate::auth::AuthUser;
use crate::openapi::Deleted;
use crate::{created, data, data_with_etag, ApiJson, ApiResult, AppState, IdPath, IfMatch};

/// A record kind as the four routes see it: its wire types (from `bt-api`) and its domain use cases. The impl is the
/// one place where a kind's routes call the domain: when a use case's signature changes, only its line here changes.
pub trait RecordRoutes: 'static {
    /// The stored record the use cases answer.
    type Record: Send;
    /// The body of `add`.
    type Create: DeserializeOwned + Send + 'static;
    /// The body of `edit` (left-out fields keep their value).
    type Input: DeserializeOwned + Send + 'static;
    /// What the routes answer for a record.
    type Answer: Serialize + From<Self::Record>;

    /// The record's version: the `ETag` of a read or an edit, and what `If-Match` names.
    fn version(record: &Self::Record) -> &str;

    /// Adds the caller's record.
    fn add(app: &Services, owner: &Owner, input: Self::Create) -> impl Future<Output = AppResult<Self::Record>> + Send;

    /// Edits one of the caller's records, over the version `expect` names.
    fn edit(
        app: &Services,
        owner: &Owner,
        id: &RecordId,
        input: Self::Input,
        expect: &Expect,
    ) -> impl Future<Output = AppResult<Self::Record>> + Send;

    /// Deletes one of the caller's records (answering it as it was).
    fn delete(app: &Services, owner: &Owner, id: &RecordId) -> impl Future<Output = AppResult<Self::Record>> + Send;

    /// One of the caller's records.
    fn get(app: &Services, owner: &Owner, id: &RecordId) -> impl Future<Output = AppResult<Self::Record>> + Send;
}

/// `POST /<kind>/add`: 201 with the record.
#[instrument(skip_all, fields(user = %user.id()))]
pub async fn add<K: RecordRoutes>(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<K::Create>,
) -> ApiResult {
    let record = K::add(state.services(), &user.owner(), input).await?;
    Ok(created(K::Answer::from(record)))
}

/// `PUT /<kind>/edit/{id}`: the record as edited, with its new version as `ETag`.
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub async fn edit<K: RecordRoutes>(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    IfMatch(expect): IfMatch,
    ApiJson(input): ApiJson<K::Input>,
) -> ApiResult {
    let record = K::edit(state.services(), &user.owner(), &id, input, &expect).await?;
    let tag = K::version(&record).to_string();
    Ok(data_with_etag(K::Answer::from(record), &tag))
}

/// `DELETE /<kind>/delete/{id}`: the deleted record's id.
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub async fn remove<K: RecordRoutes>(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    K::delete(state.services(), &user.owner(), &id).await?;
    Ok(data(Deleted::record(id)))
}

/// `GET /<kind>/get/{id}`: the record, with its version as `ETag`.
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub async fn one<K: RecordRoutes>(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let record = K::get(state.services(), &user.owner(), &id).await?;
    let tag = K::version(&record).to_string();
    Ok(data_with_etag(K::Answer::from(record), &tag))
}

/// Declares a kind's four record routes in a module of the calling crate, each with its `#[utoipa::path]`, and the
/// kind's [`RecordRoutes`](crate::records::RecordRoutes) impl they are generic over:
///
/// ```ignore
/// bt_http::record_routes! {
///     mod crud {
///         record: breaks::Break, tag: "breaks", create: BreakCreate, input: BreakInput, answer: Break;
///         /// Add a break
///         add "/break/add" [(status = 409, description = "...", body = ErrorBody)]
///             |app, owner, input| breaks::add_break(app, owner, &input.into(), app.clock.now());
///         /// Edit one of my breaks (left-out fields keep their value)
///         edit "/break/edit/{id}" [(status = 409, description = "...", body = ErrorBody)]
///             |app, owner, id, input, expect| breaks::edit_break(app, owner, id, &input.into(), expect, app.clock.now());
///         /// Delete one of my breaks
///         remove "/break/delete/{id}" [] |app, owner, id| breaks::delete_break(app, owner, id);
///         /// One of my breaks
///         one "/break/get/{id}" [] |app, owner, id| breaks::get_break(app, owner, id);
///     }
/// }
/// ```
///
/// `record` is the domain's record (its `updated_at` is its version), the three wire types its body to add, its body
/// to edit and its answer, named in the calling module. The doc comments are each route's summary (first line) and
/// description; the brackets hold the route's failures beyond the shared ones (`ErrorBody` may be named there); last
/// comes the use case the route calls, awaited, with the domain's services (`app`), the caller (`owner`, an `Owner`),
/// and the id, the wire body and the expected version (`expect`) as the route has them. The shared failures: add 201,
/// 401, 422; edit 200 with `ETag`, 401, 404, 422 (parameters: id, `If-Match`); remove 200 (`Deleted`), 401, 404; one
/// 200 with `ETag`, 401, 404. List `crud::add, crud::edit, crud::remove, crud::one` in the crate's
/// [`routes!`](crate::routes).
#[macro_export]
macro_rules! record_routes {
    (
        mod $module:ident {
            record: $record:ty, tag: $tag:literal, create: $create:ident, input: $input:ident, answer: $answer:ident;
            $(#[doc = $add_doc:literal])+
            add $add_path:literal [$($add_failure:tt),* $(,)?]
                |$a_app:ident, $a_owner:ident, $a_input:ident| $add_call:expr;
            $(#[doc = $edit_doc:literal])+
            edit $edit_path:literal [$($edit_failure:tt),* $(,)?]
                |$e_app:ident, $e_owner:ident, $e_id:ident, $e_input:ident, $e_expect:ident| $edit_call:expr;
            $(#[doc = $remove_doc:literal])+
            remove $remove_path:literal [$($remove_failure:tt),* $(,)?]
                |$r_app:ident, $r_owner:ident, $r_id:ident| $remove_call:expr;
            $(#[doc = $one_doc:literal])+
            one $one_path:literal [$($one_failure:tt),* $(,)?]
                |$o_app:ident, $o_owner:ident, $o_id:ident| $one_call:expr;
        }
    ) => {
        /// The kind's add, edit, delete and read-one routes (see `bt_http::records`).
        mod $module {
            use super::*;
            use axum::extract::State;
            use $crate::auth::AuthUser;
            #[allow(unused_imports)]
            use $crate::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
            use $crate::records::__expand::{AppResult, Expect, Owner, RecordId, Services};
            use $crate::records::RecordRoutes;
            use $crate::{ApiJson, ApiResult, AppState, IdPath, IfMatch};

            /// The kind as its routes see it: the one place they call the domain.
            pub struct Kind;

            impl RecordRoutes for Kind {
                type Record = $record;
                type Create = $create;
                type Input = $input;
                type Answer = $answer;

                fn version(record: &$record) -> &str {
                    &record.updated_at
                }

                async fn add($a_app: &Services, $a_owner: &Owner, $a_input: $create) -> AppResult<$record> {
                    $add_call.await
                }

                async fn edit(
                    $e_app: &Services,
                    $e_owner: &Owner,
                    $e_id: &RecordId,
                    $e_input: $input,
                    $e_expect: &Expect,
                ) -> AppResult<$record> {
                    $edit_call.await
                }

                async fn delete($r_app: &Services, $r_owner: &Owner, $r_id: &RecordId) -> AppResult<$record> {
                    $remove_call.await
                }

                async fn get($o_app: &Services, $o_owner: &Owner, $o_id: &RecordId) -> AppResult<$record> {
                    $one_call.await
                }
            }

            $(#[doc = $add_doc])+
            #[utoipa::path(post, path = $add_path, tag = $tag, request_body = $create,
                responses((status = 201, description = "Created", body = Data<$answer>),
                    (status = 401, response = Unauthorized), (status = 422, response = Invalid)
                    $(, $add_failure)*))]
            pub async fn add(state: State<AppState>, user: AuthUser, body: ApiJson<$create>) -> ApiResult {
                $crate::records::add::<Kind>(state, user, body).await
            }

            $(#[doc = $edit_doc])+
            #[utoipa::path(put, path = $edit_path, tag = $tag, params(IdParam, IfMatch), request_body = $input,
                responses((status = 200, description = "Success", body = Data<$answer>,
                        headers(("ETag" = String, description = "The record's version, for If-Match"))),
                    (status = 401, response = Unauthorized), (status = 404, response = NotFound),
                    (status = 422, response = Invalid)
                    $(, $edit_failure)*))]
            pub async fn edit(
                state: State<AppState>,
                user: AuthUser,
                id: IdPath,
                expect: IfMatch,
                body: ApiJson<$input>,
            ) -> ApiResult {
                $crate::records::edit::<Kind>(state, user, id, expect, body).await
            }

            $(#[doc = $remove_doc])+
            #[utoipa::path(delete, path = $remove_path, tag = $tag, params(IdParam),
                responses((status = 200, description = "Success", body = Data<Deleted>),
                    (status = 401, response = Unauthorized), (status = 404, response = NotFound)
                    $(, $remove_failure)*))]
            pub async fn remove(state: State<AppState>, user: AuthUser, id: IdPath) -> ApiResult {
                $crate::records::remove::<Kind>(state, user, id).await
            }

            $(#[doc = $one_doc])+
            #[utoipa::path(get, path = $one_path, tag = $tag, params(IdParam),
                responses((status = 200, description = "Success", body = Data<$answer>,
                        headers(("ETag" = String, description = "The record's version, for If-Match"))),
                    (status = 401, response = Unauthorized), (status = 404, response = NotFound)
                    $(, $one_failure)*))]
            pub async fn one(state: State<AppState>, user: AuthUser, id: IdPath) -> ApiResult {
                $crate::records::one::<Kind>(state, user, id).await
            }
        }
    };
}
