import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Swatch } from './leave-look';
import { leaveTypeName } from '@/lib/type-names';

function Item({ mark, children }: { mark: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      {mark}
      <span>{children}</span>
    </li>
  );
}

const box = 'inline-block size-3.5 shrink-0 rounded ring-1 ring-slate-300 dark:ring-slate-600';

/** What the colours and marks of the calendar mean: the month's leave types, approved vs pending, and the day marks. */
export function CalendarLegend({ types }: { types: { typeId: string; typeName: string; color: string }[] }) {
  const { t } = useTranslation();
  const sample = types[0]?.color ?? '#64748b';
  return (
    <div className="space-y-2 text-xs text-slate-700 dark:text-slate-300">
      <h3 className="visually-hidden">{t('calendar.legend.title')}</h3>
      {types.length > 0 && (
        <ul aria-label={t('calendar.legend.types')} className="flex flex-wrap gap-x-4 gap-y-1">
          {types.map((type) => (
            <Item key={type.typeId} mark={<Swatch color={type.color} status="approved" className="w-3.5" />}>
              {leaveTypeName(type.typeName)}
            </Item>
          ))}
        </ul>
      )}
      <ul aria-label={t('calendar.legend.marks')} className="flex flex-wrap gap-x-4 gap-y-1">
        <Item mark={<Swatch color={sample} status="approved" />}>{t('calendar.status.approved')}</Item>
        <Item mark={<Swatch color={sample} status="pending" />}>{t('calendar.legend.pending')}</Item>
        <Item mark={<span aria-hidden="true" className={`${box} bg-amber-100 dark:bg-amber-900/60`} />}>{t('calendar.legend.holiday')}</Item>
        <Item mark={<span aria-hidden="true" className={`${box} bg-slate-200 dark:bg-slate-700`} />}>{t('calendar.legend.nonWorking')}</Item>
        <Item mark={<span aria-hidden="true" className={`${box} bg-brand-700 ring-brand-700`} />}>{t('calendar.legend.today')}</Item>
      </ul>
    </div>
  );
}
