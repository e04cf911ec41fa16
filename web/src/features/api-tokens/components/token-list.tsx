import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, todayIso } from '@/lib/format';
import { scopeLabel } from '../api/token-schema';
import type { ApiToken } from '../api/tokens';

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** An instant's day in the browser's zone, as the app writes dates. */
const day = (instant: string) => {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? instant : formatDate(todayIso(at));
};

export interface TokenListProps {
  tokens: readonly ApiToken[];
  onRevoke: (token: ApiToken) => void;
  busy?: boolean;
  now?: Date;
}

/** The person's tokens: a card each on phones, a table's row each on wider screens. */
export function TokenList({ tokens, onRevoke, busy, now = new Date() }: TokenListProps) {
  const { t } = useTranslation();
  if (tokens.length === 0) return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{t('apiTokens.list.empty')}</p>;
  return (
    <ul aria-label={t('apiTokens.list.label')} className="space-y-3">
      {tokens.map((token) => {
        const expired = new Date(token.expiresAt).getTime() <= now.getTime();
        return (
          <li
            key={token.id}
            aria-label={token.name}
            className="rounded-xl p-4 ring-1 ring-slate-200 sm:flex sm:items-start sm:justify-between sm:gap-4 dark:ring-slate-800"
          >
            <div className="min-w-0 space-y-2">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{token.name}</span>
                <span
                  className={cn(
                    chip,
                    token.scope === 'write'
                      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
                      : 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
                  )}
                >
                  {scopeLabel(token.scope)}
                </span>
                {expired && <span className={cn(chip, 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-100')}>{t('apiTokens.list.expiredChip')}</span>}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr_auto_1fr] dark:text-slate-400">
                <dt>{t('apiTokens.list.created')}</dt>
                <dd>{day(token.createdAt)}</dd>
                <dt>{t('apiTokens.list.lastUsed')}</dt>
                <dd>{token.lastUsedAt ? day(token.lastUsedAt) : t('apiTokens.list.never')}</dd>
                <dt>{expired ? t('apiTokens.list.expired') : t('apiTokens.list.expires')}</dt>
                <dd>{day(token.expiresAt)}</dd>
              </dl>
            </div>
            <div className="mt-3 flex justify-end sm:mt-0 sm:shrink-0">
              <Button
                variant="ghost"
                size="compact"
                disabled={busy}
                aria-label={t('apiTokens.list.revokeLabel', { name: token.name })}
                onClick={() => onRevoke(token)}
                className="text-red-700 dark:text-red-400"
              >
                {t('apiTokens.list.revoke')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
