import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { breakTypeName, breakTypeOptions, leaveTypeName, taskPriorityName, taskStatusName, typeName } from './type-names';

afterEach(async () => {
  await changeLanguage('en');
});

describe('type names in the reader language', () => {
  it('shows the default break types, starting leave types and task choices in German', async () => {
    await changeLanguage('de');
    expect(breakTypeName('Coffee Break')).toBe('Kaffeepause');
    expect(breakTypeName('Picking kids from School')).toBe('Kinder von der Schule abholen');
    expect(leaveTypeName('Vacation')).toBe('Urlaub');
    expect(leaveTypeName('Sick')).toBe('Krankheit');
    expect(taskStatusName('In Progress')).toBe('In Arbeit');
    expect(taskPriorityName('Urgent')).toBe('Dringend');
  });

  it('keeps the names a team gave itself, and a default written differently', async () => {
    await changeLanguage('de');
    expect(breakTypeName('Standup walk')).toBe('Standup walk');
    expect(breakTypeName('coffee break')).toBe('coffee break');
    expect(leaveTypeName('Parental leave')).toBe('Parental leave');
    expect(leaveTypeName('Holiday')).toBe('Holiday');
    expect(taskStatusName('Waiting')).toBe('Waiting');
    expect(breakTypeName('constructor')).toBe('constructor');
    expect(breakTypeName(null)).toBe('');
  });

  it('names a type of either kind, and follows a change of language', async () => {
    await changeLanguage('fr');
    const french = [typeName('Lunch Break'), typeName('Unpaid')];
    expect(french).not.toContain('Lunch Break');
    expect(french).not.toContain('Unpaid');
    await changeLanguage('en');
    expect([typeName('Lunch Break'), typeName('Unpaid'), typeName('Gym')]).toEqual(['Lunch Break', 'Unpaid', 'Gym']);
  });

  it('keeps the stored name as the value of a select and translates its label', async () => {
    await changeLanguage('es');
    const [coffee, own] = breakTypeOptions(['Coffee Break', 'Siesta corta']);
    expect(coffee?.value).toBe('Coffee Break');
    expect(coffee?.label).not.toBe('Coffee Break');
    expect(own).toEqual({ value: 'Siesta corta', label: 'Siesta corta' });
  });
});
