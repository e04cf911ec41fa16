import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import type { QueuedWrite } from '@/lib/offline/queue';
import type { WriteOutcome } from '@/lib/offline/write';
import { fakeJwt } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { sentNow, useRecordForm, type SaveFailure } from './record-form';

const signIn = () => setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada' });

interface Setup {
  save: () => Promise<WriteOutcome<{ name: string }>>;
  failure?: SaveFailure;
}

/** A form of one field, `title`, whose save is the test's. */
function renderForm({ save, failure = { show: 'inline', fallback: 'It could not be saved.' } }: Setup) {
  const fieldErrors: Record<string, string> = {};
  const onSaved = vi.fn();
  const onClose = vi.fn();
  function Form() {
    const { submit, formError } = useRecordForm({
      fields: ['title'],
      formFields: ['year'],
      setFieldError: (field, message) => {
        fieldErrors[field] = message;
      },
      savedMessage: (saved: { name: string }) => `${saved.name} saved`,
      queuedNote: 'It is checked when it syncs.',
      failure,
      onSaved,
      onClose,
    });
    return (
      <>
        <button onClick={() => void submit(save)}>Save</button>
        <p>form error: {formError ?? 'none'}</p>
      </>
    );
  }
  return { ...renderWithProviders(<Form />), fieldErrors, onSaved, onClose };
}

const refused = (fieldErrors: Record<string, string>) => () => Promise.reject(new ApiError(422, 'Validation failed', fieldErrors));

describe('the record forms’ submit', () => {
  it('says a save that reached the server was saved, hands over the record and closes', async () => {
    signIn();
    const { user, onSaved, onClose } = renderForm({ save: () => sentNow(Promise.resolve({ name: 'Walk' })) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Walk saved')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ name: 'Walk' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says a queued save waits to sync, with the form’s note, and closes without a record', async () => {
    signIn();
    const item = { key: 'k1' } as QueuedWrite;
    const { user, onSaved, onClose } = renderForm({ save: () => Promise.resolve({ queued: true, item }) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved on this device. It is sent when the connection is back. It is checked when it syncs.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a field’s message under the field, and otherwise the server’s message, a form-level field’s, or the fallback', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = renderForm({ save: refused({ title: 'Title is required.' }) });
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(first.fieldErrors).toEqual({ title: 'Title is required.' }));
    expect(screen.getByText('form error: none')).toBeInTheDocument();
    expect(first.onClose).not.toHaveBeenCalled();
    first.unmount();

    const second = renderForm({ save: refused({ year: 'Year is out of range.' }) });
    await second.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('form error: Year is out of range.')).toBeInTheDocument();
    second.unmount();

    const third = renderForm({ save: refused({}) });
    await third.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('form error: Validation failed')).toBeInTheDocument();
    third.unmount();

    const offline = renderForm({ save: () => Promise.reject(new ApiError(0, 'Network error')) });
    await offline.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('form error: It could not be saved.')).toBeInTheDocument();
  });

  it('or toasts every failure, the fields’ messages still under them', async () => {
    signIn();
    const { user, fieldErrors } = renderForm({
      save: refused({ title: 'Too long.' }),
      failure: { show: 'toast', title: 'Error!', message: 'Failed to save.' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save.')).toBeInTheDocument();
    expect(fieldErrors).toEqual({ title: 'Too long.' });
    expect(screen.getByText('form error: none')).toBeInTheDocument();
  });

  it('sends nothing while signed out (the sign-in dialog is asked for instead)', async () => {
    const save = vi.fn(() => sentNow(Promise.resolve({ name: 'Walk' })));
    const { user, onClose } = renderForm({ save });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Walk saved')).not.toBeInTheDocument();
  });
});
