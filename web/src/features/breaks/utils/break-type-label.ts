import { t } from '@/lib/i18n';

/**
 * The specification's default break types (a team's list until an administrator edits it) are stored by their
 * English names, the same for the whole team; each person sees them in their own language. A type someone typed is
 * shown as it was written.
 */
const DEFAULT_TYPE_KEYS: Record<string, string> = {
  'Lunch Break': 'lunchBreak',
  'Short Break': 'shortBreak',
  Refreshment: 'refreshment',
  'Social Media Break': 'socialMediaBreak',
  Cigarette: 'cigarette',
  'Picking kids from School': 'pickingKids',
  'Coffee Break': 'coffeeBreak',
};

export function breakTypeLabel(type: string): string {
  const key = DEFAULT_TYPE_KEYS[type];
  return key ? t(`breaks.defaultTypes.${key}`) : type;
}

/** The options of a type select: the stored name as the value, the person's language as the label. */
export const breakTypeOptions = (types: readonly string[]) => types.map((type) => ({ value: type, label: breakTypeLabel(type) }));
