import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { todayIso } from '@/lib/format';
import { useHolidayCountries, useTeamHolidays } from '../api/holidays';
import { HolidayList, placeName } from './holiday-list';
import { YearStepper } from './year-stepper';

export interface HolidaysOverviewProps {
  /** The year to start on (the calendar's). */
  initialYear?: number;
  /** Admins get a link to where the list is changed. */
  canEdit: boolean;
}

/** The team's days off of a year, read-only, for every member (on the team calendar). */
export function HolidaysOverview({ initialYear, canEdit }: HolidaysOverviewProps) {
  const { t } = useTranslation();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(initialYear ?? thisYear);
  const { data, error } = useTeamHolidays(year);
  const countries = useHolidayCountries();
  const shown = data?.year === year ? data : undefined;
  const place = shown ? placeName(countries.data, shown.country, shown.region) : undefined;

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('holidays.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {place ? t('holidays.overview.ofPlace', { place }) : t('holidays.overview.teamOnly')}{' '}
            {canEdit ? (
              <Link to={paths.administrators} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
                {t('holidays.overview.change')}
              </Link>
            ) : (
              t('holidays.overview.adminsChoose')
            )}
          </p>
        </div>
        <YearStepper year={year} thisYear={thisYear} onChange={setYear} />
      </div>
      {error && !shown ? (
        <FormError>{errorMessage(error, t('holidays.loadFailed'))}</FormError>
      ) : !shown ? (
        <Spinner label={t('holidays.loading')} />
      ) : (
        <details>
          <summary className="cursor-pointer py-3 text-sm font-semibold text-brand-700 dark:text-brand-500">
            {shown.holidays.length === 0 ? t('holidays.overview.none', { year }) : t('holidays.overview.show', { count: shown.holidays.length, year })}
          </summary>
          <HolidayList year={year} holidays={shown.holidays} />
        </details>
      )}
    </Card>
  );
}
