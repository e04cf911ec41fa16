import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      setError(t('account.delete.passwordRequired'));
      return;
    }
    const confirmed = await alert({
      icon: 'warning',
      title: t('account.delete.confirmTitle'),
      text: t('account.delete.confirmText'),
      confirmText: t('account.delete.confirm'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    setError(undefined);
    try {
      await deleteAccount(password);
      clearSession();
      await alert({ icon: 'success', title: t('account.delete.deletedTitle'), text: t('account.delete.deletedText') });
      replaceUrl('/');
      reloadPage();
    } catch (failure) {
      setDeleting(false);
      setError(errorMessage(failure, t('common.somethingWrong')));
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="space-y-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t('account.delete.infoTitle')}</h2>
        <p>{t('account.delete.infoIntro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('account.delete.infoProfile')}</li>
          <li>{t('account.delete.infoRecords')}</li>
          <li>{t('account.delete.infoTeam')}</li>
          <li>{t('account.delete.infoBackups')}</li>
        </ul>
        <p>{t('account.delete.infoInstead')}</p>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t('account.delete.title')}</h2>
        {signedIn ? (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('account.delete.form')}>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {email ? (
                <Trans i18nKey="account.delete.signedInAs" values={{ email }} components={{ strong: <strong /> }} />
              ) : (
                <Trans i18nKey="account.delete.signedInAsYou" components={{ strong: <strong /> }} />
              )}
            </p>
            <Input
              label={t('account.delete.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <FormError>{error}</FormError>
            <Button type="submit" variant="danger" block disabled={deleting}>
              {deleting ? t('account.delete.deleting') : t('account.delete.submit')}
            </Button>
          </form>
        ) : (
          <div className="space-y-4 text-sm">
            <p>{t('account.delete.signInFirst')}</p>
            <Button onClick={() => open('signIn')}>{t('account.delete.signIn')}</Button>
          </div>
        )}
      </Card>
    </div>
  );
}
