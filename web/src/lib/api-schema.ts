import type { components, operations } from './api-types';

/**
 * Shorthands over the types generated from the OpenAPI document (`api-types.ts`, `make api`). The features'
 * api/ files alias these, e.g. `export type Break = Schemas['Break']`, so the rest of the app keeps its names.
 */
export type Schemas = components['schemas'];

/** An operation of the document, by its operationId (e.g. `post_user_signup`). */
export type OperationId = keyof operations;

type SuccessStatus = 200 | 201;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessBody<Id extends OperationId> = {
  [S in keyof operations[Id]['responses'] & SuccessStatus]: JsonOf<operations[Id]['responses'][S]>;
}[keyof operations[Id]['responses'] & SuccessStatus];

/** The envelope's `data` of an operation's success answer, for answers the document does not name. */
export type ApiData<Id extends OperationId> = SuccessBody<Id> extends { data: infer Data } ? Data : never;

/** The JSON body an operation accepts. */
export type ApiBody<Id extends OperationId> = operations[Id] extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** Every failure's body: the message, and for 422 the message of each invalid field. */
export type ErrorBody = Schemas['Error'];
