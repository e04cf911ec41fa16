import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, formatTime, todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import { eventChoices, eventLabel, formatLabel } from '../api/webhook-schema';
import type { LastDelivery, Webhook } from '../api/webhooks';

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The server keeps events in name order; the cards show them in the form's order (unknown ones last). */
const eventOrder = (event: string) => {
  const index = eventChoices.findIndex((choice) => choice.event === event);
  return index < 0 ? eventChoices.length : index;
};

/**
 * A hook's address without its scheme, long paths cut in the middle: chat webhook paths are long tokens, and the
 * host and the path's ends are enough to tell hooks apart.
 */
export function shortUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address.length > 40 ? `${address.slice(0, 28)}…${address.slice(-8)}` : address;
  }
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  return `${url.host}${rest.length > 24 ? `${rest.slice(0, 12)}…${rest.slice(-8)}` : rest}`;
}

/** An instant in the browser's zone: its time today ('12:03 PM'), with the date on other days. */
export function deliveryTime(instant: string, now: Date = new Date()): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  const time = formatTime(`${pad2(at.getHours())}:${pad2(at.getMinutes())}`);
  const day = todayIso(at);
  return day === todayIso(now) ? time : `${formatDate(day)} ${time}`;
}

/** 'Delivered 12:03 PM (HTTP 200)', 'Failed 12:03 PM: HTTP 500 — next try 12:04 PM'. */
export function deliveryText(last: LastDelivery | null | undefined, now: Date = new Date()): string {
  if (!last) return translate('webhooks.list.noDeliveries');
  const time = deliveryTime(last.at, now);
  if (last.ok) return translate('webhooks.list.delivered', { time, message: last.message });
  if (last.nextAttempt) return translate('webhooks.list.failedNext', { time, message: last.message, next: deliveryTime(last.nextAttempt, now) });
  return translate('webhooks.list.failedFinal', { time, message: last.message });
}

export interface WebhookListProps {
  hooks: readonly Webhook[];
  onRemove: (hook: Webhook) => void;
  busy?: boolean;
}

/** The team's hooks, each a card: where it posts, in which format, which events, and how its last delivery went. */
export function WebhookList({ hooks, onRemove, busy }: WebhookListProps) {
  const { t } = useTranslation();
  if (hooks.length === 0) return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{t('webhooks.list.empty')}</p>;
  return (
    <ul aria-label={t('webhooks.list.label')} className="space-y-3">
      {hooks.map((hook) => {
        const short = shortUrl(hook.url);
        const last = hook.lastDelivery;
        return (
          <li
            key={hook._id}
            aria-label={short}
            className="rounded-xl p-4 ring-1 ring-slate-200 sm:flex sm:items-start sm:justify-between sm:gap-4 dark:ring-slate-800"
          >
            <div className="min-w-0 space-y-2">
              <p className="font-mono text-sm font-medium break-all" title={hook.url}>
                {short}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{formatLabel(hook.format)}</p>
              <ul aria-label={t('webhooks.list.events')} className="flex flex-wrap gap-1.5">
                {[...hook.events]
                  .sort((a, b) => eventOrder(a) - eventOrder(b))
                  .map((event) => (
                    <li key={event} className={cn(chip, 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100')}>
                      {event === 'daily.absences'
                        ? t('webhooks.list.dailyAt', { event: eventLabel(event), time: formatTime(hook.dailyAt) })
                        : eventLabel(event)}
                    </li>
                  ))}
              </ul>
              {hook.events.includes('daily.absences') && (
                <p className="text-xs text-slate-600 dark:text-slate-400">{t('webhooks.list.dailyZone', { zone: hook.timeZone.replaceAll('_', ' ') })}</p>
              )}
              <p
                className={cn(
                  'text-sm',
                  !last ? 'text-slate-600 dark:text-slate-400' : last.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
                )}
              >
                {deliveryText(last)}
                {last && <span className="text-slate-600 dark:text-slate-400"> · {eventLabel(last.event)}</span>}
              </p>
            </div>
            <div className="mt-3 flex justify-end sm:mt-0 sm:shrink-0">
              <Button
                variant="ghost"
                size="compact"
                disabled={busy}
                aria-label={t('webhooks.list.removeLabel', { url: short })}
                onClick={() => onRemove(hook)}
                className="text-red-700 dark:text-red-400"
              >
                {t('webhooks.list.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
