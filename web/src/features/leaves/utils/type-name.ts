import { t } from '@/lib/i18n';

/**
 * A team starts with three leave types (Vacation, Sick, Unpaid), stored by their English names for the whole team;
 * each person sees those names in their own language. A name an administrator gave is shown as written.
 */
const STARTING_TYPES: Record<string, string> = { Vacation: 'vacation', Sick: 'sick', Unpaid: 'unpaid' };

export function leaveTypeName(name: string): string {
  const key = STARTING_TYPES[name];
  return key ? t(`leaves.startingTypes.${key}`) : name;
}
