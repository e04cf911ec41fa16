import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { loadApiDocument, mountViewer } from '../api/viewer';

type State = { status: 'loading' } | { status: 'ready' } | { status: 'failed' };

/**
 * `/api/docs`: the app's own API document (`GET /openapi.json`) in Swagger UI, bundled from npm and loaded only here.
 * "Authorize" takes a pasted API token, and "Try it out" calls this app's API with it.
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    void (async () => {
      try {
        const document = await loadApiDocument(env.apiUrl);
        if (cancelled || !host.current) return;
        unmount = mountViewer(host.current, document);
        if (!cancelled) setState({ status: 'ready' });
      } catch (error) {
        console.error('The API document could not be shown', error);
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, []);

  return (
    <div className="min-w-0 space-y-4">
      {/* The page's title is the shell's heading (the route's handle). */}
      <Card>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('apiTokens.docs.intro')}{' '}
          <Link to={`${paths.settings}#api-tokens`} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
            {t('apiTokens.docs.manageTokens')}
          </Link>
        </p>
        {/* What the page shows, at the address a script reads it from. */}
        <p className="mt-2 text-sm">
          <a href={`${env.apiUrl}/openapi.json`} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
            {t('apiTokens.docs.document')}
          </a>
        </p>
      </Card>
      {state.status === 'loading' && (
        <div className="flex justify-center py-6">
          <Spinner label={t('apiTokens.docs.loading')} />
        </div>
      )}
      {state.status === 'failed' && <FormError>{t('apiTokens.docs.loadFailed')}</FormError>}
      <div ref={host} data-testid="api-docs" className="api-docs min-w-0 overflow-x-auto rounded-xl bg-white text-slate-900" />
    </div>
  );
}
