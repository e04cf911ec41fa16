import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { renderWithProviders } from '@/testing/test-utils';
import { ApiDocsPage } from './api-docs-page';

// Swagger UI itself is not drawn here; the document's own texts are checked on the server's side.
vi.mock('../api/viewer', () => ({
  loadApiDocument: vi.fn(async () => ({ openapi: '3.0.3', info: { title: 'Breaktime API', version: '1.0.0' }, paths: {} })),
  mountViewer: vi.fn(() => () => undefined),
}));

describe('API documentation page', () => {
  it('links to the document it shows, at the API’s own address, and to the tokens, never to a repository file', async () => {
    renderWithProviders(<ApiDocsPage />, { route: '/api/docs' });
    const document = await screen.findByRole('link', { name: 'The API document as JSON (OpenAPI 3)' });
    expect(document).toHaveAttribute('href', `${env.apiUrl}/openapi.json`);
    expect(screen.getByRole('link', { name: 'Manage your API tokens' })).toHaveAttribute('href', '/settings#api-tokens');
    expect(document.ownerDocument.body).not.toHaveTextContent(/docs\/|\.md\b/);
  });
});
