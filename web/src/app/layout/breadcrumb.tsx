import { useTranslation } from 'react-i18next';

/** 'Pages' / the current page, with the page name as the heading (spec §2). */
export function Breadcrumb({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <nav aria-label={t('nav.breadcrumb')}>
        <ol className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <li>{t('nav.pages')}</li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-slate-700 dark:text-slate-200">
            {title}
          </li>
        </ol>
      </nav>
      <h1 className="truncate text-lg font-bold tracking-tight sm:text-xl">{title}</h1>
    </div>
  );
}
