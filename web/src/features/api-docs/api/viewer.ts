import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/*
 * The API document and its viewer. Swagger UI comes from npm (`swagger-ui-dist`, its self-contained bundle with its
 * own React) and is imported only from here, so it is in no chunk but the lazily loaded `/api/docs` page's: nothing is
 * fetched from a CDN, and the first visit's bundle does not grow.
 */

type OpenApiDocument = Record<string, unknown> & { servers?: { url: string; description?: string }[] };

/**
 * The app's own document, with this app's API as its only server, so "Try it out" calls the API the page belongs to
 * (the document itself names the local server's address).
 */
export async function loadApiDocument(apiUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(`${apiUrl}/openapi.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  return { ...document, servers: [{ url: apiUrl }] };
}

/** Draws the document into `host`; the answer takes it away again. */
export function mountViewer(host: HTMLElement, spec: OpenApiDocument): () => void {
  SwaggerUI({
    spec,
    domNode: host,
    deepLinking: false,
    // No call to swagger.io's validator, and a pasted token is forgotten with the page.
    validatorUrl: null,
    persistAuthorization: false,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
  });
  return () => {
    host.replaceChildren();
  };
}
