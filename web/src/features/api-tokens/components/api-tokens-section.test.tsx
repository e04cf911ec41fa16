import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { ApiToken } from '../api/tokens';
import { ApiTokensSection } from './api-tokens-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const SECRET = `btpat_${'a'.repeat(43)}`;

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '01HZX3Y8Q2W5E7R9T1V3B5N7M9',
  name: 'Report script',
  scope: 'read',
  createdAt: '2026-06-01T08:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2099-08-30T08:00:00.000Z',
  ...overrides,
});

/** Keeps the tokens in memory: a creation answers the secret once, the list never has it. */
function tokensServer(initial: ApiToken[] = []) {
  let tokens = [...initial];
  const posts: unknown[] = [];
  const deletes: string[] = [];
  server.use(
    http.get(api('/user/tokens'), () => ok(tokens)),
    http.post(api('/user/tokens'), async ({ request }) => {
      const body = (await request.json()) as { name: string; scope: 'read' | 'write'; expiresInDays: number };
      posts.push(body);
      if (body.name === 'Taken') return fail(422, 'Name must be at most 60 characters.', { name: 'Name must be at most 60 characters.' });
      const made = token({ id: `01HZX3Y8Q2W5E7R9T1V3B5N7${String(tokens.length).padStart(2, 'A')}`, name: body.name, scope: body.scope });
      tokens = [...tokens, made];
      return ok({ ...made, token: SECRET }, 201);
    }),
    http.delete(api('/user/tokens/:id'), ({ params }) => {
      deletes.push(String(params.id));
      tokens = tokens.filter((item) => item.id !== params.id);
      return ok({ _id: params.id, message: 'API token revoked.' });
    }),
  );
  return { posts, deletes };
}

describe('API tokens', () => {
  it('lists each token with its access, dates and last use, and links to the API page', async () => {
    signIn();
    tokensServer([
      token(),
      token({ id: '01HZX3Y8Q2W5E7R9T1V3B5N7MA', name: 'Sync', scope: 'write', lastUsedAt: '2026-06-02T09:00:00.000Z', expiresAt: '2020-01-01T00:00:00.000Z' }),
    ]);
    renderWithProviders(<ApiTokensSection />);
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const report = within(list).getByRole('listitem', { name: 'Report script' });
    expect(report).toHaveTextContent('Read only');
    expect(report).toHaveTextContent('Never');
    const sync = within(list).getByRole('listitem', { name: 'Sync' });
    expect(sync).toHaveTextContent('Read and write');
    expect(sync).toHaveTextContent('Expired');
    expect(screen.getByRole('link', { name: 'Open the API documentation' })).toHaveAttribute('href', '/api/docs');
  });

  it('shows a new token’s secret once, then only the list', async () => {
    signIn();
    const { posts } = tokensServer();
    const { user, unmount } = renderWithProviders(<ApiTokensSection />);
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Create a token' });
    expect(within(form).getByLabelText('Expires in (days)')).toHaveValue(90);
    await user.type(within(form).getByLabelText('Name'), 'Nightly sync');
    await user.selectOptions(within(form).getByLabelText('Access'), 'write');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('region', { name: 'Your new API token' });
    expect(posts).toEqual([{ name: 'Nightly sync', scope: 'write', expiresInDays: 90 }]);
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('it will not be shown again');
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(list).not.toHaveTextContent(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(document.body).not.toHaveTextContent(SECRET);

    unmount();
    renderWithProviders(<ApiTokensSection />);
    expect(await screen.findByRole('list', { name: 'Your API tokens' })).toHaveTextContent('Nightly sync');
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
  });

  it('checks the form before sending and puts the server’s field messages under the fields', async () => {
    signIn();
    const { posts } = tokensServer();
    const { user } = renderWithProviders(<ApiTokensSection />);
    const form = await screen.findByRole('form', { name: 'Create a token' });
    const days = within(form).getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Please give the token a name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number of days from 1 to 365.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.type(within(form).getByLabelText('Name'), 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Name must be at most 60 characters.')).toBeInTheDocument();
    expect(posts).toEqual([{ name: 'Taken', scope: 'read', expiresInDays: 7 }]);
  });

  it('revokes a token after asking', async () => {
    signIn();
    const { deletes } = tokensServer([token()]);
    const { user } = renderWithProviders(<ApiTokensSection />);
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    await user.click(within(list).getByRole('button', { name: 'Revoke Report script' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    expect(question).toHaveTextContent('Scripts that use “Report script” stop working at once.');
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
    expect(deletes).toEqual(['01HZX3Y8Q2W5E7R9T1V3B5N7M9']);
  });
});
