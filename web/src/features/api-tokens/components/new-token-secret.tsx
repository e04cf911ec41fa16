import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import type { CreatedToken } from '../api/tokens';

const code = { code: <code className="break-all" /> };

/** The secret of a token just created, once: copy it, then Done forgets it. */
export function NewTokenSecret({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('apiTokens.secret.label')}
      className="min-w-0 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
    >
      <p className="font-semibold break-words">{t('apiTokens.secret.created', { name: token.name })}</p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{t('apiTokens.secret.shownOnce')}</p>
      <CopyField label={t('apiTokens.secret.field')} value={token.token} copied={t('apiTokens.secret.copied')} copyFailed={t('apiTokens.secret.copyFailed')} />
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">
        <Trans i18nKey="apiTokens.secret.howToUse" values={{ header: 'Authorization: Bearer btpat_…' }} components={code} />
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('apiTokens.secret.done')}
        </Button>
      </div>
    </section>
  );
}
