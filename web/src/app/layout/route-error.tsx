import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Shown when a page fails to load, typically a chunk missing after a new version was deployed. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="mx-auto mt-24 max-w-md rounded-2xl bg-white p-6 text-center shadow dark:bg-slate-900">
      <h1 className="text-lg font-semibold">{t('shell.routeError.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('shell.routeError.text')}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        {t('shell.routeError.reload')}
      </Button>
    </div>
  );
}
