import { t } from './i18n';

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

/**
 * The server's own message when there is one (in the person's language: calls carry Accept-Language), otherwise the
 * given fallback, or 'Something went wrong. Please try again later.' in the person's language.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return fallback ?? t('common.somethingWrong');
}
