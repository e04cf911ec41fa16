import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * The questions in order: `info.faq.<id>.question` and `.answer` in the catalogues; an answer with a link to a page
 * marks it `<page>…</page>` (not `<link>`, which the markup reader takes for the empty HTML element).
 */
const questions: Array<{ id: string; page?: ReactElement }> = [
  { id: 'whatIs' },
  { id: 'needAccount' },
  { id: 'cannotSignIn' },
  { id: 'forgotPassword' },
  { id: 'signedOut' },
  { id: 'breakDuration' },
  { id: 'whoSees', page: <Link to={paths.privacyPolicy} /> },
  { id: 'install' },
  { id: 'offline' },
  { id: 'joinTeam' },
  { id: 'deleteAccount', page: <Link to={paths.deleteAccount} /> },
  { id: 'reportProblem', page: <Link to={paths.contact} /> },
];

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-3xl">
      <h2 className="mb-4 text-xl font-semibold">{t('info.faq.title')}</h2>
      <div className="divide-y divide-slate-200 dark:divide-slate-700">
        {questions.map(({ id, page }) => (
          <details key={id} className="group py-1">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 py-2 font-medium">
              {t(`info.faq.${id}.question`)}
              <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="pb-3 text-[15px] leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-500">
              {page ? <Trans i18nKey={`info.faq.${id}.answer`} components={{ page }} /> : t(`info.faq.${id}.answer`)}
            </div>
          </details>
        ))}
      </div>
    </Card>
  );
}
