import { useState, type FormEvent } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { clearSession } from '@/lib/session';
import { deleteAccount, type Profile } from '../api/settings';

/** Deletes the account after the password and a confirmation, then signs out (the five cookies) and reloads. */
export function DeleteAccountSection({ profile }: { profile: Profile }) {
  const alert = useAlert();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (deleting) return;
    if (profile.hasPassword && !password) {
      setError('Password is required.');
      return;
    }
    setError(undefined);
    const confirmed = await alert({
      icon: 'warning',
      title: 'Delete your account?',
      text: 'Your account and every break, task, leave, meeting and checklist item in it will be deleted. This cannot be undone.',
      confirmText: 'Yes, delete my account',
      cancelText: 'No, cancel!',
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      const answer = await deleteAccount(password);
      clearSession();
      await alert({ icon: 'success', title: 'Account deleted', text: answer?.message || 'Your account has been deleted.' });
      replaceUrl(paths.home);
      reloadPage();
    } catch (failure) {
      setDeleting(false);
      setError(
        failure instanceof ApiError && failure.fieldErrors.password
          ? failure.fieldErrors.password
          : errorMessage(failure, 'Your account could not be deleted. Please try again later.'),
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Delete account" className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Deleting your account removes your profile and all your records, takes you out of your team and signs you out everywhere.
      </p>
      {profile.hasPassword && (
        <Input label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      )}
      <FormError>{error}</FormError>
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
