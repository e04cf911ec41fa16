import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { apiKey } from '@/lib/api-paths';
import { formatDate } from '@/lib/format';
import { useApi } from '@/lib/swr';
import type { TeamRole } from '@/lib/team-role';
import {
  copyToCustom,
  RULE_LIMITS,
  RULE_PRESETS,
  rulesKeys,
  saveWorkRules,
  useWorkRules,
  type PresetInfo,
  type RulePreset,
  type RuleSetBody,
  type WorkRules,
} from '../api/rules-api';
import { useSWRConfig } from 'swr';
import { normaliseFieldErrors, presetInfo, presetName, ruleLines } from '../utils/rules';

/** The Working time page's anchor of the rules: `/working-time#rules`. */
export const RULES_ID = 'rules';

/** A rule set's thresholds, each with the law's section. */
export function RuleLines({ rules, sections }: { rules: RuleSetBody; sections?: PresetInfo['sections'] }) {
  const { t } = useTranslation();
  const lines = ruleLines(rules, sections);
  if (lines.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('work.rules.noRules')}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {lines.map((line) => (
        <li key={line.kind}>
          <span className="font-medium">{t(`work.rules.kinds.${line.kind}`)}</span>
          {': '}
          {line.text}
          {line.section && <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">({line.section})</span>}
        </li>
      ))}
    </ul>
  );
}

/** The form's numbers as typed (`''` is "no such rule" for the optional ones). */
interface Draft {
  preset: RulePreset;
  breaks: { afterMinutes: string; minutes: string }[];
  minBlockMinutes: string;
  maxContinuousMinutes: string;
  maxDailyMinutes: string;
  minRestMinutes: string;
  maxWeeklyAverageMinutes: string;
  referenceWeeks: string;
  optedOut: string[];
}

const text = (value: number | null) => (value === null ? '' : String(value));

function toDraft(rules: RuleSetBody): Draft {
  return {
    preset: rules.preset,
    breaks: rules.breaks.map((tier) => ({ afterMinutes: String(tier.afterMinutes), minutes: String(tier.minutes) })),
    minBlockMinutes: String(rules.minBlockMinutes),
    maxContinuousMinutes: text(rules.maxContinuousMinutes),
    maxDailyMinutes: text(rules.maxDailyMinutes),
    minRestMinutes: text(rules.minRestMinutes),
    maxWeeklyAverageMinutes: text(rules.maxWeeklyAverageMinutes),
    referenceWeeks: String(rules.referenceWeeks),
    optedOut: rules.optedOut,
  };
}

type Checked = { body?: RuleSetBody; errors: Record<string, string> };

/** Reads the draft against the server's limits; each field out of range gets its message. */
function readDraft(draft: Draft, message: (min: number, max: number) => string): Checked {
  const errors: Record<string, string> = {};
  const whole = (field: string, value: string, [min, max]: readonly [number, number], optional = false): number | null => {
    if (optional && value.trim() === '') return null;
    const number = Number(value);
    if (value.trim() === '' || !Number.isInteger(number) || number < min || number > max) {
      errors[field] = message(min, max);
      return null;
    }
    return number;
  };
  const breaks = draft.breaks.map((tier, index) => ({
    afterMinutes: whole(`breaks[${index}].afterMinutes`, tier.afterMinutes, RULE_LIMITS.afterMinutes) ?? 0,
    minutes: whole(`breaks[${index}].minutes`, tier.minutes, RULE_LIMITS.breakMinutes) ?? 0,
  }));
  const body: RuleSetBody = {
    preset: draft.preset,
    breaks,
    minBlockMinutes: whole('minBlockMinutes', draft.minBlockMinutes, RULE_LIMITS.minBlockMinutes) ?? 0,
    maxContinuousMinutes: whole('maxContinuousMinutes', draft.maxContinuousMinutes, RULE_LIMITS.maxContinuousMinutes, true),
    maxDailyMinutes: whole('maxDailyMinutes', draft.maxDailyMinutes, RULE_LIMITS.maxDailyMinutes, true),
    minRestMinutes: whole('minRestMinutes', draft.minRestMinutes, RULE_LIMITS.minRestMinutes, true),
    maxWeeklyAverageMinutes: whole('maxWeeklyAverageMinutes', draft.maxWeeklyAverageMinutes, RULE_LIMITS.maxWeeklyAverageMinutes, true),
    referenceWeeks: whole('referenceWeeks', draft.referenceWeeks, RULE_LIMITS.referenceWeeks) ?? 1,
    optedOut: draft.optedOut,
  };
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}

/** What is sent for a preset: a law's numbers are the server's, only the opt-outs (and the EU's two choices) count. */
function bodyFor(draft: Draft, rules: WorkRules, message: (min: number, max: number) => string): Checked {
  const base = presetInfo(rules.presets, draft.preset)?.rules;
  if (draft.preset === 'custom' || draft.preset === 'eu') {
    if (draft.preset === 'eu' && base) {
      const checked = readDraft(
        { ...toDraft(base), preset: 'eu', breaks: draft.breaks.slice(0, 1), referenceWeeks: draft.referenceWeeks, optedOut: draft.optedOut },
        message,
      );
      return checked;
    }
    return readDraft(draft, message);
  }
  return { body: { ...(base ?? copyToCustom(rules, [])), preset: draft.preset, optedOut: draft.optedOut }, errors: {} };
}

function NumberField({
  id,
  label,
  value,
  error,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input id={id} label={label} type="number" inputMode="numeric" value={value} error={error} hint={hint} onChange={(event) => onChange(event.target.value)} />
  );
}

function TiersFields({
  draft,
  errors,
  onChange,
  single,
}: {
  draft: Draft;
  errors: Record<string, string>;
  onChange: (breaks: Draft['breaks']) => void;
  single?: boolean;
}) {
  const { t } = useTranslation();
  const tiers = single ? draft.breaks.slice(0, 1) : draft.breaks;
  const set = (index: number, field: 'afterMinutes' | 'minutes', value: string) =>
    onChange(draft.breaks.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{t('work.rules.fields.tiers')}</legend>
      {!single && <p className="text-xs text-slate-600 dark:text-slate-300">{t('work.rules.fields.tiersHint')}</p>}
      {tiers.map((tier, index) => (
        <div key={index} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          {single ? (
            <p className="col-span-2 text-sm sm:col-span-1">{t('work.rules.fields.afterFixed', { after: tier.afterMinutes })}</p>
          ) : (
            <NumberField
              id={`rules-tier-${index}-after`}
              label={t('work.rules.fields.afterMinutes', { number: index + 1 })}
              value={tier.afterMinutes}
              error={errors[`breaks[${index}].afterMinutes`]}
              onChange={(value) => set(index, 'afterMinutes', value)}
            />
          )}
          <NumberField
            id={`rules-tier-${index}-minutes`}
            label={single ? t('work.rules.fields.breakLength') : t('work.rules.fields.breakMinutes', { number: index + 1 })}
            value={tier.minutes}
            error={errors[`breaks[${index}].minutes`]}
            onChange={(value) => set(index, 'minutes', value)}
          />
          {!single && (
            <Button variant="secondary" size="sm" onClick={() => onChange(draft.breaks.filter((_, at) => at !== index))}>
              {t('work.rules.fields.removeTier', { number: index + 1 })}
            </Button>
          )}
        </div>
      ))}
      {!single && draft.breaks.length < RULE_LIMITS.tiers && (
        <Button variant="secondary" size="sm" onClick={() => onChange([...draft.breaks, { afterMinutes: '', minutes: '' }])}>
          {t('work.rules.fields.addTier')}
        </Button>
      )}
      {errors['breaks'] && <FormError>{errors['breaks']}</FormError>}
    </fieldset>
  );
}

/** The UK's individual opt-outs from the weekly limit: a box for each member of the team. */
function OptOutFields({ optedOut, onChange, error }: { optedOut: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const { data: members } = useApi(apiKey('/admin/get'));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('work.rules.fields.optedOut')}</legend>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('work.rules.fields.optedOutHint')}</p>
      <div className="flex flex-wrap gap-x-4">
        {(members ?? []).map((member) => (
          <label key={member.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={optedOut.includes(member.id)}
              onChange={(event) => onChange(event.target.checked ? [...optedOut, member.id] : optedOut.filter((id) => id !== member.id))}
            />
            {member.name}
          </label>
        ))}
      </div>
      {error && <FormError>{error}</FormError>}
    </fieldset>
  );
}

function RulesForm({ rules }: { rules: WorkRules }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState(() => toDraft(rules));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const chosen = presetInfo(rules.presets, draft.preset);
  const editable = draft.preset === 'custom';
  const range = (min: number, max: number) => t('work.rules.validation.range', { min, max });
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const choose = (preset: RulePreset) => {
    setErrors({});
    if (preset === draft.preset) return;
    const info = presetInfo(rules.presets, preset);
    if (preset === 'custom') set({ preset });
    else if (info) setDraft({ ...toDraft(info.rules), preset, optedOut: draft.optedOut });
    else set({ preset });
  };

  const save = async () => {
    setFormError(undefined);
    const checked = bodyFor(draft, rules, range);
    setErrors(checked.errors);
    if (!checked.body) return;
    setSaving(true);
    try {
      const saved = await saveWorkRules(checked.body);
      await mutate(rulesKeys.rules, saved, { revalidate: false });
      setDraft(toDraft(saved));
      toast.show({ message: t('work.rules.saved'), variant: 'success' });
    } catch (failure) {
      const fields = failure instanceof ApiError ? normaliseFieldErrors(failure.fieldErrors) : {};
      setErrors(fields);
      const placed = Object.keys(fields).length > 0;
      setFormError(placed ? (fields['preset'] ?? t('work.rules.fixFields')) : errorMessage(failure, t('work.actionFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={t('work.rules.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('work.rules.preset')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {RULE_PRESETS.map((preset) => {
            const law = presetInfo(rules.presets, preset)?.law;
            return (
              <label
                key={preset}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 dark:border-slate-700"
              >
                <input
                  type="radio"
                  name="rules-preset"
                  className="mt-0.5 size-5"
                  value={preset}
                  checked={draft.preset === preset}
                  onChange={() => choose(preset)}
                />
                <span>
                  <span className="block font-medium">{presetName(preset)}</span>
                  {law && (
                    <span translate="no" className="block text-xs text-slate-600 dark:text-slate-300">
                      {law}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {chosen && draft.preset !== 'custom' && draft.preset !== 'none' && (
        <section
          className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
          aria-label={t('work.rules.thresholdsOf', { preset: presetName(draft.preset) })}
        >
          <RuleLines rules={chosen.rules} sections={chosen.sections} />
          <Button variant="secondary" size="sm" onClick={() => setDraft({ ...toDraft(chosen.rules), preset: 'custom', optedOut: draft.optedOut })}>
            {t('work.rules.copy')}
          </Button>
        </section>
      )}

      {draft.preset === 'eu' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TiersFields draft={draft} errors={errors} single onChange={(breaks) => set({ breaks })} />
          <NumberField
            id="rules-reference-weeks"
            label={t('work.rules.fields.referenceWeeks')}
            value={draft.referenceWeeks}
            error={errors['referenceWeeks']}
            onChange={(referenceWeeks) => set({ referenceWeeks })}
          />
        </div>
      )}

      {editable && (
        <div className="space-y-3">
          <TiersFields draft={draft} errors={errors} onChange={(breaks) => set({ breaks })} />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <NumberField
              id="rules-min-block"
              label={t('work.rules.fields.minBlockMinutes')}
              value={draft.minBlockMinutes}
              error={errors['minBlockMinutes']}
              onChange={(minBlockMinutes) => set({ minBlockMinutes })}
            />
            <NumberField
              id="rules-max-continuous"
              label={t('work.rules.fields.maxContinuousMinutes')}
              hint={t('work.rules.fields.emptyHint')}
              value={draft.maxContinuousMinutes}
              error={errors['maxContinuousMinutes']}
              onChange={(maxContinuousMinutes) => set({ maxContinuousMinutes })}
            />
            <NumberField
              id="rules-max-daily"
              label={t('work.rules.fields.maxDailyMinutes')}
              hint={t('work.rules.fields.emptyHint')}
              value={draft.maxDailyMinutes}
              error={errors['maxDailyMinutes']}
              onChange={(maxDailyMinutes) => set({ maxDailyMinutes })}
            />
            <NumberField
              id="rules-min-rest"
              label={t('work.rules.fields.minRestMinutes')}
              hint={t('work.rules.fields.emptyHint')}
              value={draft.minRestMinutes}
              error={errors['minRestMinutes']}
              onChange={(minRestMinutes) => set({ minRestMinutes })}
            />
            <NumberField
              id="rules-weekly-average"
              label={t('work.rules.fields.maxWeeklyAverageMinutes')}
              hint={t('work.rules.fields.emptyHint')}
              value={draft.maxWeeklyAverageMinutes}
              error={errors['maxWeeklyAverageMinutes']}
              onChange={(maxWeeklyAverageMinutes) => set({ maxWeeklyAverageMinutes })}
            />
            <NumberField
              id="rules-reference-weeks"
              label={t('work.rules.fields.referenceWeeks')}
              value={draft.referenceWeeks}
              error={errors['referenceWeeks']}
              onChange={(referenceWeeks) => set({ referenceWeeks })}
            />
          </div>
        </div>
      )}

      {draft.preset === 'uk' && <OptOutFields optedOut={draft.optedOut} error={errors['optedOut']} onChange={(optedOut) => set({ optedOut })} />}

      <p className="text-xs text-slate-600 dark:text-slate-300">{t('work.rules.openMonthsOnly')}</p>
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={saving}>
        {saving ? t('common.saving') : t('work.rules.save')}
      </Button>
    </form>
  );
}

/** What everyone else sees: the team's rules and their law, read-only. */
function RulesView({ rules }: { rules: WorkRules }) {
  const { t } = useTranslation();
  const info = presetInfo(rules.presets, rules.preset);
  return (
    <div className="space-y-2">
      <p className="font-medium">
        {info?.law
          ? t('work.rules.followsLaw', { preset: presetName(rules.preset), law: info.law })
          : t('work.rules.follows', { preset: presetName(rules.preset) })}
      </p>
      {rules.preset !== 'none' && <RuleLines rules={rules} sections={info?.sections} />}
    </div>
  );
}

/**
 * The team's statutory break and rest rules: admins choose a preset of the law or a custom set; everyone else reads
 * them. The rules only warn (the card's countdown, the day's findings); no time is refused because of them.
 */
export function RulesSection({ role }: { role?: TeamRole }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, error } = useWorkRules();
  const anchorRef = useRef<HTMLDivElement>(null);
  const loaded = data !== undefined;
  // Opened at `#rules` (the Settings link), the section comes after the page's first draw: scroll to it once it is in.
  useEffect(() => {
    if (loaded && window.location.hash === `#${RULES_ID}`) anchorRef.current?.scrollIntoView?.();
  }, [loaded]);
  return (
    <div id={RULES_ID} ref={anchorRef} className="scroll-mt-20">
      <Card labelledBy={headingId}>
        <h2 id={headingId} className="mb-1 text-lg font-semibold">
          {t('work.rules.title')}
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('work.rules.intro')}</p>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('work.loadError')}
          </p>
        ) : !data ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('work.loading')} />
          </div>
        ) : (
          <div className="space-y-3">
            {role === 'admin' ? <RulesForm key={`${data.updatedAt ?? ''}`} rules={data} /> : <RulesView rules={data} />}
            {data.updatedAt && (
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {t('work.rules.updated', { name: data.updatedBy ?? '', date: formatDate(data.updatedAt) })}
              </p>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
