import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { roleLabel, usePendingInvitations, useResendInvitation, useRevokeInvitation, type PendingInvitation } from '../api/members';

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const toast = useToast();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [error, setError] = useState<string>();
  const busy = resend.isMutating || revoke.isMutating;

  const onResend = async () => {
    setError(undefined);
    try {
      await resend.trigger(invitation.id);
      toast.show({
        title: t('team.invitations.sentAgainTitle'),
        message: t('team.invitations.sentAgain', { email: invitation.email }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (e) {
      setError(errorMessage(e, t('team.invitations.resendFailed')));
    }
  };

  const onRevoke = async () => {
    const confirmed = await alert({
      icon: 'warning',
      title: t('team.invitations.withdrawQuestion', { email: invitation.email }),
      text: t('team.invitations.withdrawText'),
      confirmText: t('team.invitations.withdrawConfirm'),
      cancelText: t('team.noCancel'),
      danger: true,
    });
    if (!confirmed) return;
    setError(undefined);
    try {
      await revoke.trigger(invitation.id);
      toast.show({
        title: t('team.invitations.withdrawnTitle'),
        message: t('team.invitations.withdrawn', { email: invitation.email }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (e) {
      setError(errorMessage(e, t('team.invitations.withdrawFailed')));
    }
  };

  return (
    <li className="py-3" aria-label={invitation.email}>
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{invitation.email}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {roleLabel(invitation.role)} ·{' '}
            {invitation.expired ? (
              <span className="font-medium text-red-700 dark:text-red-400">{t('team.invitations.expiredOn', { date: formatDate(invitation.expiresAt) })}</span>
            ) : (
              t('team.invitations.validUntil', { date: formatDate(invitation.expiresAt) })
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 md:shrink-0">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void onResend()}
            aria-label={t('team.invitations.resendLabel', { email: invitation.email })}
          >
            {t('team.invitations.resend')}
          </Button>
          <Button
            variant="secondary"
            className="text-red-700 dark:text-red-400"
            disabled={busy}
            onClick={() => void onRevoke()}
            aria-label={t('team.invitations.withdrawLabel', { email: invitation.email })}
          >
            {t('team.invitations.withdraw')}
          </Button>
        </div>
      </div>
      {error && (
        <div className="mt-2">
          <FormError>{error}</FormError>
        </div>
      )}
    </li>
  );
}

/** Admins see the invitations still waiting for an answer, with their expiry, and send them again or withdraw them. */
export function PendingInvitations({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { data } = usePendingInvitations(isAdmin);
  if (!isAdmin || !data || data.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">{t('team.invitations.title', { total: data.length })}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.invitations.explanation')}</p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('team.invitations.listLabel')}>
        {data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
