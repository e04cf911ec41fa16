import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DateField, parseDate } from './date-field';
import { parseTime, TimeField } from './time-field';

describe('parseTime', () => {
  it('reads 12-hour and 24-hour times as the API stores them', () => {
    expect(parseTime('9:30 AM')).toBe('09:30');
    expect(parseTime('9:30 pm')).toBe('21:30');
    expect(parseTime('930p')).toBe('21:30');
    expect(parseTime('12 AM')).toBe('00:00');
    expect(parseTime('12:15 p.m.')).toBe('12:15');
    expect(parseTime('21:30')).toBe('21:30');
    expect(parseTime('2130')).toBe('21:30');
    expect(parseTime('7:05')).toBe('07:05');
    for (const bad of ['', '13:00 PM', '0 AM', '24:00', '9:60', 'noon', '9']) expect(parseTime(bad), bad).toBeUndefined();
  });
});

describe('parseDate', () => {
  it('reads day-month-year and the ISO form, and only real dates', () => {
    expect(parseDate('26/11/2026')).toBe('2026-11-26');
    expect(parseDate('1.2.2026')).toBe('2026-02-01');
    expect(parseDate('01-02-2026')).toBe('2026-02-01');
    expect(parseDate('2026-11-26')).toBe('2026-11-26');
    for (const bad of ['', '31/06/2026', '11/26/2026', '26/11/26', 'tomorrow']) expect(parseDate(bad), bad).toBeUndefined();
  });
});

function Both() {
  const [date, setDate] = useState('2026-11-26');
  const [time, setTime] = useState('13:05');
  return (
    <>
      <DateField label="Date" value={date} onChange={setDate} />
      <TimeField label="Start time" value={time} onChange={setTime} />
      <output aria-label="stored">{`${date} ${time}`}</output>
    </>
  );
}

describe('DateField and TimeField', () => {
  it('show day-month-year and 12-hour times, and store the API forms', async () => {
    const user = userEvent.setup();
    render(<Both />);
    expect(screen.getByLabelText('Date')).toHaveValue('26/11/2026');
    expect(screen.getByLabelText('Start time')).toHaveValue('1:05 PM');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '1/2/2027');
    await user.clear(screen.getByLabelText('Start time'));
    await user.type(screen.getByLabelText('Start time'), '21:30');
    await user.tab();
    expect(screen.getByLabelText('stored')).toHaveTextContent('2027-02-01 21:30');
    expect(screen.getByLabelText('Date')).toHaveValue('01/02/2027');
    expect(screen.getByLabelText('Start time')).toHaveValue('9:30 PM');
  });

  it('picks a date from the calendar', async () => {
    const user = userEvent.setup();
    render(<Both />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Date: calendar' });
    await user.click(await within(calendar).findByRole('button', { name: /28 November 2026/ }));
    expect(screen.getByLabelText('stored')).toHaveTextContent('2026-11-28 13:05');
    expect(screen.getByLabelText('Date')).toHaveValue('28/11/2026');
    expect(screen.queryByRole('dialog', { name: 'Date: calendar' })).not.toBeInTheDocument();
  });
});

describe('DateField and TimeField in German', () => {
  it('show the German date and 24-hour time, and a calendar in German from Monday', async () => {
    await changeLanguage('de');
    try {
      const user = userEvent.setup();
      render(<Both />);
      expect(screen.getByLabelText('Date')).toHaveValue('26.11.2026');
      expect(screen.getByLabelText('Date')).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
      expect(screen.getByLabelText('Start time')).toHaveValue('13:05');
      await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
      const calendar = await screen.findByRole('dialog', { name: 'Date: Kalender' });
      // The weekdays' row is hidden from assistive technology (each day's button names its weekday).
      expect(calendar.querySelector('thead th')).toHaveAttribute('aria-label', 'Montag');
      expect(within(calendar).getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
      await user.click(within(calendar).getByRole('button', { name: /28\. November 2026/ }));
      expect(screen.getByLabelText('stored')).toHaveTextContent('2026-11-28 13:05');
      expect(screen.getByLabelText('Date')).toHaveValue('28.11.2026');
    } finally {
      await changeLanguage('en');
    }
  });
});
