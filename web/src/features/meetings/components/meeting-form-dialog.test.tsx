import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jwtValidFor } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { MeetingFormDialog } from './meeting-form-dialog';

// The API client is loaded on the first call; loading it up front keeps a busy machine's first test within its waits.
beforeAll(() => import('@/lib/amplify-rest'));

describe('MeetingFormDialog pre-filled', () => {
  it('keeps the defaults for fields a proposal leaves out and reports the saved meeting', async () => {
    setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh' });
    server.use(http.post(api('/meeting/add'), async ({ request }) => ok({ _id: 'm1', ...((await request.json()) as object) }, 201)));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <MeetingFormDialog initial={{ scheduleDate: '2025-07-01', from: '15:00', to: undefined, description: 'Planning' }} onSaved={onSaved} onClose={onClose} />,
    );
    expect(screen.getByLabelText('Schedule date')).toHaveValue('01/07/2025');
    expect(screen.getByLabelText('Start time')).toHaveValue('3:00 PM');
    expect(screen.getByLabelText('End time')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('End time is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('End time'), '15:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ _id: 'm1', from: '15:00', to: '15:30', description: 'Planning' })));
    expect(onClose).toHaveBeenCalled();
  });
});
