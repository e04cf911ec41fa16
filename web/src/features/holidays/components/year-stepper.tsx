import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous and next year around the shown one, and back to this year. */
export function YearStepper({ year, thisYear, onChange }: { year: number; thisYear: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('holidays.year.label')} className="flex flex-wrap items-center gap-1">
      <Button variant="secondary" size="sm" aria-label={t('a11y.previousYear', { year: year - 1 })} onClick={() => onChange(year - 1)}>
        ‹ {year - 1}
      </Button>
      <span aria-live="polite" className="min-w-16 text-center text-base font-semibold tabular-nums">
        <span className="visually-hidden">{t('holidays.year.showing')} </span>
        {year}
      </span>
      <Button variant="secondary" size="sm" aria-label={t('a11y.nextYear', { year: year + 1 })} onClick={() => onChange(year + 1)}>
        {year + 1} ›
      </Button>
      {year !== thisYear && (
        <Button variant="ghost" size="sm" onClick={() => onChange(thisYear)}>
          {t('holidays.year.thisYear')}
        </Button>
      )}
    </div>
  );
}
