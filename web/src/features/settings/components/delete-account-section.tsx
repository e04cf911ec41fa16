import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const alert = useAlert();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (deleting) return;
    if (profile.hasPassword && !password) {
      setError(t('settings.deleteAccount.passwordRequired'));
      return;
    }
    setError(undefined);
    const confirmed = await alert({
      icon: 'warning',
      title: t('settings.deleteAccount.question'),
      text: t('settings.deleteAccount.questionText'),
      confirmText: t('settings.deleteAccount.confirm'),
      cancelText: t('settings.noCancel'),
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      const answer = await deleteAccount(password);
      clearSession();
      await alert({ icon: 'success', title: t('settings.deleteAccount.deletedTitle'), text: answer?.message || t('settings.deleteAccount.deleted') });
      replaceUrl(paths.home);
      reloadPage();
    } catch (failure) {
      setDeleting(false);
      setError(
        failure instanceof ApiError && failure.fieldErrors.password ? failure.fieldErrors.password : errorMessage(failure, t('settings.deleteAccount.failed')),
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.deleteAccount.formLabel')} className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('settings.deleteAccount.explanation')}</p>
      {profile.hasPassword && (
        <Input
          label={t('settings.deleteAccount.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <FormError>{error}</FormError>
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={deleting}>
          {deleting ? t('settings.deleteAccount.deleting') : t('settings.deleteAccount.submit')}
        </Button>
      </div>
    </form>
  );
}
