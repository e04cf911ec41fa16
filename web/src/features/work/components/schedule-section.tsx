import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { DateField } from '@/components/ui/date-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { apiKey } from '@/lib/api-paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { useApi } from '@/lib/swr';
import type { TeamRole } from '@/lib/team-role';
import { breakTypeName } from '@/lib/type-names';
import { useRevalidateWork, useWorkSchedule, type Weekdays, type WorkSchedule } from '../api/work';
import { saveMemberSchedule, saveTeamSchedule } from '../api/work-writes';
import { hoursText, parseHours } from '../utils/dates';
import { formatWorked } from '@/lib/minutes';
import { weekdayNames } from './work-bits';

/** Seven hour fields, Monday to Sunday ('8:00'); `errors` by weekday index. */
function WeekdayFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  errors: (string | undefined)[];
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const names = weekdayNames();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('work.schedule.hoursPerDay')}</legend>
      <div className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-4 sm:grid-cols-7">
        {names.map((name, index) => (
          <Input
            key={name}
            id={`${idPrefix}-${index}`}
            label={name}
            inputMode="numeric"
            value={values[index] ?? ''}
            error={errors[index]}
            onChange={(event) => onChange(values.map((value, at) => (at === index ? event.target.value : value)))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The seven fields read as minutes, or the message of each field that is not a duration of a day. */
function readWeekdays(values: string[], invalid: string): { weekdays?: Weekdays; errors: (string | undefined)[] } {
  const minutes = values.map(parseHours);
  const errors = minutes.map((value) => (value === undefined ? invalid : undefined));
  return errors.some(Boolean) ? { errors } : { weekdays: minutes as Weekdays, errors };
}

/** A 422's field errors `weekdays` / `weekdays[2]` / `from` as the form shows them. */
function fieldErrorsOf(error: unknown): { from?: string; weekdays: (string | undefined)[]; form?: string } {
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const weekdays = Array.from({ length: 7 }, (_, index) => fields[`weekdays[${index}]`] ?? fields[`weekdays.${index}`]);
  const placed = fields['from'] || weekdays.some(Boolean);
  return { from: fields['from'], weekdays, form: placed ? fields['weekdays'] : (fields['weekdays'] ?? errorMessage(error)) };
}

function TeamScheduleForm({ weekdays, paidBreakTypes }: { weekdays: Weekdays; paidBreakTypes: string[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidate = useRevalidateWork();
  const { data: types } = useApi(apiKey('/type/get'));
  const allTypes = [...new Set([...(types?.[0]?.type ?? []).filter((name): name is string => typeof name === 'string'), ...paidBreakTypes])];
  const [values, setValues] = useState(() => weekdays.map(hoursText));
  const [paid, setPaid] = useState(paidBreakTypes);
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const read = readWeekdays(values, t('work.validation.hours'));
    setErrors(read.errors);
    setFormError(undefined);
    if (!read.weekdays) return;
    setSaving(true);
    try {
      await saveTeamSchedule(read.weekdays, paid);
      await revalidate();
      toast.show({ message: t('work.schedule.saved'), variant: 'success' });
    } catch (failure) {
      const placed = fieldErrorsOf(failure);
      setErrors(placed.weekdays);
      setFormError(placed.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={t('work.schedule.team')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <WeekdayFields values={values} onChange={setValues} errors={errors} idPrefix="team-weekday" />
      {/* Folded away: set once for the team, and the types are the team's own names (data, shown as they are). */}
      <details className="rounded-lg border border-slate-200 dark:border-slate-700">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
          {t('work.schedule.paidBreaksSummary', { count: paid.length })}
        </summary>
        <fieldset className="px-3 pb-3">
          <legend className="visually-hidden">{t('work.schedule.paidBreaks')}</legend>
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('work.schedule.paidBreaksHint')}</p>
          <div className="flex flex-wrap gap-x-4">
            {allTypes.map((type) => (
              <label key={type} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={paid.includes(type)}
                  onChange={(event) => setPaid(event.target.checked ? [...paid, type] : paid.filter((name) => name !== type))}
                />
                {breakTypeName(type)}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('work.schedule.openMonthsOnly')}</p>
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={saving}>
        {t('work.schedule.saveTeam')}
      </Button>
    </form>
  );
}

function MemberScheduleForm({ userId, weekdays, onSaved }: { userId: string; weekdays: Weekdays; onSaved: (schedule: WorkSchedule) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidate = useRevalidateWork();
  const [from, setFrom] = useState(todayIso());
  const [values, setValues] = useState(() => weekdays.map(hoursText));
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [fromError, setFromError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const read = readWeekdays(values, t('work.validation.hours'));
    setErrors(read.errors);
    setFromError(from ? undefined : t('work.validation.date'));
    setFormError(undefined);
    if (!read.weekdays || !from) return;
    setSaving(true);
    try {
      onSaved(await saveMemberSchedule(userId, from, read.weekdays));
      await revalidate();
      toast.show({ message: t('work.schedule.saved'), variant: 'success' });
    } catch (failure) {
      const placed = fieldErrorsOf(failure);
      setErrors(placed.weekdays);
      setFromError(placed.from);
      setFormError(placed.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={t('work.schedule.member')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DateField label={t('work.schedule.from')} value={from} onChange={setFrom} error={fromError} hint={t('work.schedule.fromHint')} />
      <WeekdayFields values={values} onChange={setValues} errors={errors} idPrefix="member-weekday" />
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={saving}>
        {t('work.schedule.saveMember')}
      </Button>
    </form>
  );
}

function WeekdayList({ weekdays }: { weekdays: Weekdays }) {
  const names = weekdayNames();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm min-[400px]:grid-cols-4 sm:grid-cols-7">
      {weekdays.map((minutes, index) => (
        <div key={names[index]} className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{names[index]}</dt>
          <dd className="tabular-nums">{formatWorked(minutes)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A person's own schedule: from when, the weekdays, the earlier ones. */
function OwnSchedule({ schedule }: { schedule: WorkSchedule }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {schedule.mine.from ? t('work.schedule.ownFrom', { date: formatDate(schedule.mine.from) }) : t('work.schedule.teamApplies')}
      </p>
      <WeekdayList weekdays={schedule.mine.weekdays} />
      {schedule.history.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label={t('work.schedule.history')}>
          {schedule.history.map((entry) => (
            <li key={entry.from}>
              {t('work.schedule.historyEntry', {
                date: formatDate(entry.from),
                hours: formatWorked(entry.weekdays.reduce((sum, minutes) => sum + minutes, 0)),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The team's target hours and paid break types (admins edit), and a person's own schedule (approvers set it). The
 * server reads only the caller's own schedule (`GET /work/schedule`); a member's is shown once an approver has set
 * it (the answer of `PUT /admin/work-schedule/{userId}`).
 */
export function ScheduleSection({ userId, role }: { userId?: string; role?: TeamRole }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { id } = useSession();
  const { data, error } = useWorkSchedule();
  const [saved, setSaved] = useState<{ userId: string; schedule: WorkSchedule } | null>(null);
  const approver = role === 'admin' || role === 'hr';
  const member = userId ?? id;
  const own = !userId || userId === id;
  const memberSchedule = own ? data : saved && saved.userId === member ? saved.schedule : undefined;

  return (
    <Card labelledBy={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        {t('work.schedule.title')}
      </h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('work.loadError')}
        </p>
      ) : !data ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('work.loading')} />
        </div>
      ) : (
        <div className="space-y-6">
          <section className="space-y-2">
            <h3 className="font-semibold">{t('work.schedule.team')}</h3>
            {role === 'admin' ? (
              <TeamScheduleForm key={data.team.weekdays.join()} weekdays={data.team.weekdays} paidBreakTypes={data.team.paidBreakTypes} />
            ) : (
              <>
                <WeekdayList weekdays={data.team.weekdays} />
                <p className="text-sm">
                  {data.team.paidBreakTypes.length > 0
                    ? t('work.schedule.paidList', { types: data.team.paidBreakTypes.join(', ') })
                    : t('work.schedule.noPaid')}
                </p>
              </>
            )}
          </section>
          <section className="space-y-2">
            <h3 className="font-semibold">{t('work.schedule.member')}</h3>
            {memberSchedule ? (
              <OwnSchedule schedule={memberSchedule} />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('work.schedule.memberHint')}</p>
            )}
            {approver && member && (
              <MemberScheduleForm
                key={`${member}-${(memberSchedule ?? data).mine.weekdays.join()}`}
                userId={member}
                weekdays={memberSchedule?.mine.weekdays ?? data.team.weekdays}
                onSaved={(schedule) => setSaved({ userId: member, schedule })}
              />
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
