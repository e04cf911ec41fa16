import { ApiError } from '@/lib/api-error';
import type { Schemas } from '@/lib/api-schema';
import { mainApiUrl } from '@/lib/http';
import { currentLanguage } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { getValidAccessToken } from '@/lib/session';

/*
 * Export (a ZIP the browser saves) and import (a CSV uploaded as multipart/form-data), fetched with the session:
 * the typed JSON client carries neither a file nor a form.
 */

export type ImportSource = Schemas['ImportSource'];
export type ImportPreview = Schemas['ImportPreview'];
export type ImportOutcome = Schemas['ImportOutcome'];

export const IMPORT_SOURCES: readonly ImportSource[] = ['clockify', 'toggl', 'kimai', 'generic'];

/** The largest file the server takes (20 MB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  const fields = body.errors ?? {};
  return new ApiError(response.status, fields.file ?? fields.source ?? body.message ?? response.statusText, fields);
}

function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads my data (`mine`) or the team's (`team`, admins) as the ZIP the server names. */
export async function downloadExport(scope: 'mine' | 'team'): Promise<void> {
  const token = await getValidAccessToken();
  const url = scope === 'mine' ? mainApiUrl('/user/export') : mainApiUrl('/admin/export');
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': currentLanguage() } });
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'breaktime-export.zip';
  saveFile(await response.blob(), name);
}

async function upload<T>(url: string, source: ImportSource, file: File): Promise<T> {
  const token = await getValidAccessToken();
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': currentLanguage(), 'Idempotency-Key': newIdempotencyKey() },
    body: form,
  });
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as { data: T }).data;
}

export const previewImport = (source: ImportSource, file: File) => upload<ImportPreview>(mainApiUrl('/import/preview'), source, file);
export const commitImport = (source: ImportSource, file: File) => upload<ImportOutcome>(mainApiUrl('/import/commit'), source, file);
