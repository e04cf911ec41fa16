import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { UnsubscribePage } from './unsubscribe-page';

function serve(email = true) {
  const posts: string[] = [];
  server.use(
    http.get(api('/notifications/unsubscribe'), ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      if (token !== 'good') return fail(422, 'This unsubscribe link is not valid.', { token: 'This unsubscribe link is not valid.' });
      return ok({ kind: 'break', label: 'break reminders', email });
    }),
    http.post(api('/notifications/unsubscribe'), ({ request }) => {
      posts.push(new URL(request.url).searchParams.get('token') ?? '');
      return ok({ kind: 'break', label: 'break reminders', email: false });
    }),
  );
  return posts;
}

describe('unsubscribe page', () => {
  it('says what the link stops, stops it on a tap without signing in, and points to Settings', async () => {
    const posts = serve();
    const { user } = renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=good' });
    expect(await screen.findByText('Stop emails about break reminders?')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByText(/Done: you will no longer get these emails\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings#notifications');
    expect(posts).toEqual(['good']);
  });

  it('shows the server’s message for a bad link', async () => {
    serve();
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=forged' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Stop these emails' })).not.toBeInTheDocument();
  });

  it('says so when these emails are already off', async () => {
    serve(false);
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=good' });
    expect(await screen.findByText(/Emails about break reminders are already off\./)).toBeInTheDocument();
  });

  it('words the meeting invitations in the reader’s language, not with the server’s English label', async () => {
    server.use(http.get(api('/notifications/unsubscribe'), () => ok({ kind: 'meetingInvitation', label: 'meeting invitations', email: true })));
    await changeLanguage('de');
    try {
      renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=good' });
      expect(await screen.findByText('Keine E-Mails mehr mit Besprechungseinladungen?')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('without a token, asks to open the link from the email again', () => {
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not complete.');
  });
});
