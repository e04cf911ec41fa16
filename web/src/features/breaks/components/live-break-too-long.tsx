import { useTranslation } from 'react-i18next';
import { MAX_BREAK_MINUTES } from '../api/break-schema';

/**
 * The note under a live break's timer once the break has run longer than the longest break the server takes (the
 * document's limit, from src/lib/api-rules.ts), which it will be recorded as.
 */
export function LiveBreakTooLong({ elapsed }: { elapsed: number }) {
  const { t } = useTranslation();
  if (elapsed <= MAX_BREAK_MINUTES * 60_000) return null;
  return <p className="text-sm text-amber-800 dark:text-amber-300">{t('breaks.live.tooLong')}</p>;
}
