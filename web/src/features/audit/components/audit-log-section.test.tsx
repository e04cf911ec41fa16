import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { AuditEntry } from '../api/audit';
import { AuditLogSection } from './audit-log-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `01HZX3Y8Q2W5E7R9T1V3B5N${String(n).padStart(3, '0')}`,
  at: `2026-05-04T09:${String(59 - (n % 60)).padStart(2, '0')}:00.000Z`,
  actorId: 'u1',
  actorName: 'Ada Lovelace',
  actorEmail: 'ada@example.com',
  action: 'allowance.changed',
  subjectId: 'u2',
  subjectName: 'Bob Builder',
  summary: '2026',
  before: null,
  after: { days: 20 + n },
  ...overrides,
});

/** The log in memory, fifty a page, with the queries it was asked. */
function logServer(all: AuditEntry[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/admin/get'), () =>
      ok([
        { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', status: 'off' },
        { id: 'u2', name: 'Bob Builder', email: 'bob@example.com', role: 'member', status: 'off' },
      ]),
    ),
    http.get(api('/admin/audit'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const kept = all.filter((e) => !query.get('action') || e.action === query.get('action'));
      const start = query.get('cursor') ? kept.findIndex((e) => e.id === query.get('cursor')) + 1 : 0;
      const page = kept.slice(start, start + Number(query.get('limit') ?? 50));
      const last = start + page.length < kept.length ? (page[page.length - 1]?.id ?? null) : null;
      return ok({ entries: page, nextCursor: last });
    }),
  );
  return queries;
}

describe('the audit log', () => {
  it('lists who changed what for whom, with the setting before and after', async () => {
    signIn();
    logServer([
      entry(1, { action: 'member.roleChanged', before: 'member', after: 'hr' }),
      entry(2, { action: 'leaveSettings.changed', subjectId: null, subjectName: null, summary: '', before: null, after: { defaultAllowance: 28 } }),
    ]);
    const { user } = renderWithProviders(<AuditLogSection />);
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const items = [first, second] as const;
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Role changed');
    expect(items[0]).toHaveTextContent('By Ada Lovelace (ada@example.com), for Bob Builder');
    await user.click(within(items[0]).getByText('Before and after'));
    expect(items[0]).toHaveTextContent('member');
    expect(items[0]).toHaveTextContent('hr');
    expect(items[1]).toHaveTextContent('Leave settings changed');
    expect(items[1]).toHaveTextContent('By Ada Lovelace (ada@example.com)');
    expect(items[1]).not.toHaveTextContent(/, for /);
  });

  it('tells two people of the same name apart by their accounts’ e-mail addresses', async () => {
    signIn();
    logServer([
      entry(1, {
        action: 'token.created',
        actorId: 'u2',
        actorEmail: 'bob@example.com',
        subjectId: 'u2',
        subjectName: 'Ada Lovelace',
        summary: 'Sync (write)',
      }),
      entry(2, { action: 'breakTypes.changed', subjectId: null, subjectName: null, summary: 'Lunch Break', before: null, after: ['Lunch Break'] }),
    ]);
    renderWithProviders(<AuditLogSection />);
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const byBob = within(list).getByRole('listitem', { name: 'API token created, Ada Lovelace (bob@example.com)' });
    expect(byBob).toHaveTextContent('By Ada Lovelace (bob@example.com)');
    expect(byBob).not.toHaveTextContent('ada@example.com');
    const byAda = within(list).getByRole('listitem', { name: 'Break types changed, Ada Lovelace (ada@example.com)' });
    expect(byAda).toHaveTextContent('By Ada Lovelace (ada@example.com)');
  });

  it('pages fifty at a time and filters by action', async () => {
    signIn();
    const queries = logServer([...Array.from({ length: 60 }, (_, i) => entry(i + 1)), entry(99, { action: 'webhook.created' })]);
    const { user } = renderWithProviders(<AuditLogSection />);
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(61));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(queries.some((q) => q.get('cursor') === entry(50).id)).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'webhook.created');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Audit log entries' })).getAllByRole('listitem')).toHaveLength(1));
    expect(queries.at(-1)?.get('action')).toBe('webhook.created');
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveTextContent('Bob Builder');
  });
});
