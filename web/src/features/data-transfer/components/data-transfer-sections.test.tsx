import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { ImportPreview } from '../api/transfer';
import DataTransferSections from './data-transfer-sections';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const preview: ImportPreview = {
  rows: 2,
  understood: 2,
  skipped: 0,
  refused: [],
  create: { work: 1, breaks: 0, leaves: 1 },
  items: [
    { row: 2, kind: 'work', date: '2026-03-09', start: '09:00', end: '17:30', label: 'Website', note: '' },
    { row: 3, kind: 'leave', date: '2026-03-23', start: '', end: '2026-03-27', label: 'Vacation', note: '' },
  ],
};

describe('Import preview', () => {
  it('writes the dates and times as the rest of the app does, never as YYYY-MM-DD', async () => {
    signIn();
    server.use(
      http.get(api('/user/profile'), () => ok({ id: 'u1', role: 'member' })),
      http.post(api('/import/preview'), () => ok(preview)),
    );
    const { user } = renderWithProviders(<DataTransferSections />);
    const file = new File(['Date,Start,End\n2026-03-09,09:00,17:30\n'], 'hours.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('09/03/2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9:00 AM–5:30 PM')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('23/03/2026')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('27/03/2026')).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}/);
  });
});
