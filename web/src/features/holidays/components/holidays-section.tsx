import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import {
  toHolidayList,
  useHolidayCountries,
  useSaveHolidays,
  useTeamHolidays,
  type HolidayCountry,
  type TeamHoliday,
  type TeamHolidays,
  type TeamHolidaysInput,
} from '../api/holidays';
import { countryName, HolidayList, placeName } from './holiday-list';
import { YearStepper } from './year-stepper';

/** The server's limit on a day's name. */
export const MAX_HOLIDAY_NAME = 80;

/** The add form's messages, read when shown. */
export const holidayMessages = {
  dateRequired: () => translate('holidays.validation.dateRequired'),
  dateInYear: (year: number) => translate('holidays.validation.dateInYear', { year }),
  nameRequired: () => translate('holidays.validation.nameRequired'),
  duplicate: () => translate('holidays.validation.duplicate'),
  saveFailed: () => translate('holidays.saveFailed'),
} as const;

/** A country's label in the select: its name, and its code when they differ. */
const countryLabel = (country: HolidayCountry) => {
  const name = countryName(country.code, country.name);
  return name && name !== country.code ? `${name} (${country.code})` : country.code;
};

type FieldErrors = Partial<Record<'country' | 'region' | 'holidays' | 'date' | 'name', string>>;

/** The server's field messages: `country`, `region`, and anything about the list (`holidays`, `holidays[2].date`…). */
function serverErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) return undefined;
  const found: FieldErrors = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (field === 'country' || field === 'region') found[field] = message;
    else found.holidays ??= message;
  }
  return found;
}

interface EditorProps {
  saved: TeamHolidays;
  countries: HolidayCountry[];
  countriesError: unknown;
}

function HolidaysEditor({ saved, countries, countriesError }: EditorProps) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const alert = useAlert();
  const save = useSaveHolidays();
  const [country, setCountry] = useState(saved.country ?? '');
  const [region, setRegion] = useState(saved.region ?? '');
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { year } = saved;

  const regions = countries.find((item) => item.code === country)?.regions ?? [];
  const companyDays = saved.holidays.filter((holiday) => holiday.source === 'company').length;

  /** One PUT; answers whether it was saved, and shows the server's field messages where they belong. */
  const send = async (body: TeamHolidaysInput, done: string) => {
    if (!requireAuth()) return false;
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    try {
      await save(body);
      toast.show({ message: done, variant: 'success', duration: SHORT_TOAST_MS });
      return true;
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      else setFormError(errorMessage(error, holidayMessages.saveFailed()));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const applyPlace = async (event: FormEvent) => {
    event.preventDefault();
    if (companyDays > 0) {
      const confirmed = await alert({
        icon: 'warning',
        title: t('holidays.replace.question', { year }),
        text: t('holidays.replace.text', { count: companyDays }),
        confirmText: t('holidays.replace.confirm'),
        cancelText: t('holidays.replace.keep'),
      });
      if (!confirmed) return;
    }
    const place = placeName(countries, country || null, (regions.length > 0 && region) || null);
    await send(
      { year, country: country || null, region: (regions.length > 0 && region) || null },
      place ? t('holidays.replace.done', { place, year }) : t('holidays.replace.cleared', { year }),
    );
  };

  /** Every change to the list sends the whole list, with the saved country and region. */
  const sendList = (holidays: readonly { date: string; name: string }[], done: string) =>
    send({ year, country: saved.country ?? null, region: saved.region ?? null, holidays: toHolidayList(holidays) }, done);

  const remove = (holiday: TeamHoliday) =>
    void sendList(
      saved.holidays.filter((item) => !(item.date === holiday.date && item.name === holiday.name)),
      t('holidays.list.removed', { name: holiday.name }),
    );

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const day = date.trim();
    const title = name.trim();
    const problems: FieldErrors = {};
    // The server keeps one name a date.
    if (!day) problems.date = holidayMessages.dateRequired();
    else if (!isIsoDate(day) || !day.startsWith(`${year}-`)) problems.date = holidayMessages.dateInYear(year);
    else if (saved.holidays.some((item) => item.date === day)) problems.date = holidayMessages.duplicate();
    if (!title) problems.name = holidayMessages.nameRequired();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const added = await sendList([...saved.holidays, { date: day, name: title }], t('holidays.add.added', { name: title, date: formatDate(day) }));
    if (added) {
      setDate('');
      setName('');
    }
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={(event) => void applyPlace(event)} aria-label={t('holidays.place.label')} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label={t('holidays.place.country')}
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setRegion('');
              setErrors({});
            }}
            placeholder={t('holidays.place.noCountry')}
            options={[...countries]
              .sort((a, b) => countryLabel(a).localeCompare(countryLabel(b)))
              .map((item) => ({ value: item.code, label: countryLabel(item) }))}
            error={errors.country}
            hint={countriesError && countries.length === 0 ? t('holidays.place.countriesFailed') : undefined}
          />
          {regions.length > 0 && (
            <Select
              label={t('holidays.place.region')}
              value={region}
              onChange={(event) => setRegion(event.target.value)}
              placeholder={t('holidays.place.wholeCountry')}
              options={regions.map((item) => ({ value: item.code, label: item.name && item.name !== item.code ? item.name : item.code }))}
              error={errors.region}
              hint={t('holidays.place.regionHint')}
            />
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('holidays.place.hint', { year })}</p>
          <Button type="submit" disabled={busy}>
            {t('holidays.place.use')}
          </Button>
        </div>
      </form>

      <div>
        <h3 className="text-base font-semibold">
          {t('holidays.editor.heading', { year, count: saved.holidays.length })}
          {saved.country ? ` · ${placeName(countries, saved.country, saved.region)}` : ''}
        </h3>
        {errors.holidays && (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {errors.holidays}
          </p>
        )}
        <HolidayList year={year} holidays={saved.holidays} onRemove={remove} busy={busy} />
        {saved.library && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('holidays.editor.library', { library: saved.library })}</p>}
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('holidays.editor.openMonthsOnly')}</p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void add(event)}
        aria-label={t('holidays.add.title')}
        className="space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50"
      >
        <h3 className="text-base font-semibold">{t('holidays.add.title')}</h3>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
          <DateField label={t('holidays.add.date')} value={date} min={`${year}-01-01`} max={`${year}-12-31`} error={errors.date} onChange={setDate} />
          <Input
            label={t('holidays.add.name')}
            value={name}
            maxLength={MAX_HOLIDAY_NAME}
            autoComplete="off"
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={busy} className="sm:mt-6">
            {t('holidays.add.submit')}
          </Button>
        </div>
      </form>
      <FormError>{formError}</FormError>
    </div>
  );
}

/**
 * The team's public holidays for its admins (in the Admin Panel): a year, the country (and region) whose public
 * holidays the team keeps, and the year's list, where a day can be removed and a company day off added. Each change
 * sends the whole list.
 */
export function HolidaysSection() {
  const { t } = useTranslation();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const holidays = useTeamHolidays(year);
  const countries = useHolidayCountries();
  const saved = holidays.data?.year === year ? holidays.data : undefined;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('holidays.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('holidays.section.intro')}</p>
        </div>
        <YearStepper year={year} thisYear={thisYear} onChange={setYear} />
      </div>
      {holidays.error && !saved ? (
        <FormError>{errorMessage(holidays.error, t('holidays.loadFailed'))}</FormError>
      ) : !saved || (countries.isLoading && !countries.data) ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('holidays.loading')} />
        </div>
      ) : (
        // A new year, or a saved change of place, starts the selects from what is saved.
        <HolidaysEditor
          key={`${saved.year}|${saved.country ?? ''}|${saved.region ?? ''}`}
          saved={saved}
          countries={countries.data ?? []}
          countriesError={countries.error}
        />
      )}
    </Card>
  );
}
