import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { t as translate } from '@/lib/i18n';
import { formatLabel } from '../api/webhook-schema';
import type { CreatedWebhook } from '../api/webhooks';
import { shortUrl } from './webhook-list';

/** The secret's notes, read in the language of the moment. */
export const secretTexts = {
  get shownOnce() {
    return translate('webhooks.secret.shownOnce');
  },
  get unsigned() {
    return translate('webhooks.secret.unsigned');
  },
  get copied() {
    return translate('webhooks.secret.copied');
  },
  get copyFailed() {
    return translate('webhooks.secret.copyFailed');
  },
};

const code = { code: <code className="break-all" /> };

/** How a generic hook's receiver checks a post (docs/api.md, Team chat). */
function HowToVerify() {
  const { t } = useTranslation();
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <h4 className="font-semibold text-slate-900 dark:text-slate-100">{t('webhooks.secret.howToVerify')}</h4>
      <p>
        <Trans
          i18nKey="webhooks.secret.verify"
          values={{ header: 'Breaktime-Signature: t=…,v1=…', signed: '"<t>.<body>"', prefix: 'whsec_', v1: 'v1', t: 't' }}
          components={code}
        />
      </p>
      <p>
        <Trans i18nKey="webhooks.secret.retries" values={{ eventId: 'Breaktime-Event-Id' }} components={code} />
      </p>
    </div>
  );
}

/** The secret of a hook just added, once: copy it, then Done forgets it. */
export function NewWebhookSecret({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation();
  const generic = hook.format === 'generic';

  return (
    <section
      aria-label={t('webhooks.secret.label')}
      className="min-w-0 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
    >
      <p className="font-semibold break-all">{t('webhooks.secret.added', { url: shortUrl(hook.url), format: formatLabel(hook.format) })}</p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{secretTexts.shownOnce}</p>
      <CopyField label={t('webhooks.secret.field')} value={hook.secret} copied={secretTexts.copied} copyFailed={secretTexts.copyFailed} />
      {generic ? <HowToVerify /> : <p className="text-sm text-slate-700 dark:text-slate-300">{secretTexts.unsigned}</p>}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('webhooks.secret.done')}
        </Button>
      </div>
    </section>
  );
}
