import { useTranslation } from 'react-i18next';
import { PendingActions, PendingBadge, PendingMessage } from '@/components/offline/pending-mark';
import { Button } from '@/components/ui/button';
import type { Pending } from '@/lib/offline/pending';
import { formatTime } from '@/lib/format';
import type { Break } from '../api/breaks';
import { endsNextDay, formatMinutes } from '../utils/time';
import { breakTypeLabel } from '../utils/break-type-label';

/** Total minutes of a list of breaks. */
export const totalMinutes = (breaks: readonly Pending<Break>[]) =>
  breaks.reduce((sum, item) => sum + (item.pending?.action === 'delete' ? 0 : item.duration), 0);

export interface BreaksListProps {
  /** A break with a change not synced yet shows it, marked, with Discard instead of the usual actions. */
  breaks: readonly Pending<Break>[];
  /** Without handlers the list is read-only (the Daily Agenda). */
  onView?: (record: Break) => void;
  onEdit?: (record: Break) => void;
  onDelete?: (record: Break) => void;
}

/**
 * One row per break: type, 12-hour times, duration, reason. Where the list is narrow (a phone, or a tablet beside the
 * docked chat) the actions wrap under the text: the row follows the list's own width, not the screen's.
 */
export function BreaksList({ breaks, onView, onEdit, onDelete }: BreaksListProps) {
  const { t } = useTranslation();
  if (breaks.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('breaks.list.empty')}</p>;
  return (
    <ul className="@container divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('breaks.list.label')}>
      {breaks.map((item) => {
        const when = `${formatTime(item.startTime)} – ${formatTime(item.endTime)}`;
        const name = t('breaks.list.name', { type: breakTypeLabel(item.type), time: formatTime(item.startTime) });
        return (
          <li key={item._id} className="flex flex-col gap-2 py-3 @lg:flex-row @lg:items-center @lg:gap-4">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
                <span>{breakTypeLabel(item.type)}</span>
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  {endsNextDay(item.startTime, item.endTime) ? t('breaks.nextDay', { time: when }) : when}
                </span>
              </p>
              {item.reason && <p className="truncate text-sm text-slate-600 dark:text-slate-400">{item.reason}</p>}
              {item.pending && (
                <>
                  <PendingBadge item={item.pending} className="mt-1" />
                  <PendingMessage item={item.pending} />
                </>
              )}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 @lg:justify-end">
              <span className="rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
                {formatMinutes(item.duration)}
              </span>
              {item.pending && (onView || onEdit || onDelete) && <PendingActions item={item.pending} name={name} />}
              {!item.pending && (onView || onEdit || onDelete) && (
                <span className="flex flex-wrap gap-1">
                  {onView && (
                    <Button variant="ghost" size="compact" aria-label={t('breaks.list.detailsOf', { name })} onClick={() => onView(item)}>
                      {t('common.details')}
                    </Button>
                  )}
                  {onEdit && (
                    <Button variant="ghost" size="compact" aria-label={t('breaks.list.edit', { name })} onClick={() => onEdit(item)}>
                      {t('common.edit')}
                    </Button>
                  )}
                  {onDelete && (
                    <Button
                      variant="ghost"
                      size="compact"
                      aria-label={t('breaks.list.delete', { name })}
                      onClick={() => onDelete(item)}
                      className="text-red-700 dark:text-red-400"
                    >
                      {t('common.delete')}
                    </Button>
                  )}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
