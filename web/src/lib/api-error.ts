/** A failed API call: the HTTP status (0 when the server was not reached) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  /** Field-to-message map of a validation failure (422), keyed by the request's JSON names. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The server's own message when there is one, otherwise the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return fallback;
}
