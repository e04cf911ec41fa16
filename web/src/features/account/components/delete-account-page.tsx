import { useState, type FormEvent } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { useDialogs } from '@/lib/dialogs';
import { clearSession } from '@/lib/session';
import { deleteAccount } from '../api/delete-account';

export function DeleteAccountPage() {
  const { signedIn, email } = useSession();
  const { open } = useDialogs();
  const alert = useAlert();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (deleting) return;
    if (!password) {
      setError('Password is required.');
      return;
    }
    const confirmed = await alert({
      icon: 'warning',
      title: 'Delete your account?',
      text: 'Your account and every record in it will be deleted. This cannot be undone.',
      confirmText: 'Yes, delete my account',
      cancelText: 'Cancel',
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    setError(undefined);
    try {
      await deleteAccount(password);
      clearSession();
      await alert({ icon: 'success', title: 'Account deleted', text: 'Your account has been deleted. Thank you for using Breaktime.' });
      replaceUrl('/');
      reloadPage();
    } catch (failure) {
      setDeleting(false);
      setError(errorMessage(failure, 'Something went wrong. Please try again later.'));
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="space-y-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">Deleting your Breaktime account</h2>
        <p>You can delete your account at any time. When you do:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>your profile (name and email address) is removed;</li>
          <li>your breaks, tasks, leaves, meetings and checklist items are deleted;</li>
          <li>you are removed from your team, and every device you signed in on is signed out;</li>
          <li>copies in our backups disappear within 30 days as the backups expire.</li>
        </ul>
        <p>
          If you only want to stop emails or change your address, you can do that from your Profile instead. If you cannot sign in any more, send us a message
          from the Contact page using the address of the account and we will delete it for you.
        </p>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Delete my account</h2>
        {signedIn ? (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Delete account">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Signed in as <strong>{email ?? 'you'}</strong>. Enter your password to confirm.
            </p>
            <Input label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            <FormError>{error}</FormError>
            <Button type="submit" variant="danger" block disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete my account'}
            </Button>
          </form>
        ) : (
          <div className="space-y-4 text-sm">
            <p>Sign in first, then come back to this page to delete your account.</p>
            <Button onClick={() => open('signIn')}>Sign in</Button>
          </div>
        )}
      </Card>
    </div>
  );
}
