import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { useRequireAuth } from './auth';
import { useDialogs } from './dialogs';

function SaveButton({ save }: { save: () => void }) {
  const requireAuth = useRequireAuth();
  const { active } = useDialogs();
  return (
    <>
      <button type="button" onClick={() => requireAuth() && save()}>
        Save
      </button>
      <output aria-label="active dialog">{active ?? 'none'}</output>
    </>
  );
}

describe('useRequireAuth', () => {
  it('signed out, a save opens the sign-in dialog instead', async () => {
    const save = vi.fn();
    const { user } = renderWithProviders(<SaveButton save={save} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByLabelText('active dialog')).toHaveTextContent('signIn');
  });

  it('signed in, the save goes ahead', async () => {
    setCookies({ access_token: fakeJwt(Date.now() / 1000 + 60) });
    const save = vi.fn();
    const { user } = renderWithProviders(<SaveButton save={save} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('active dialog')).toHaveTextContent('none');
  });
});
