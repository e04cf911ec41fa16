import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { roleLabels, usePendingInvitations, useResendInvitation, useRevokeInvitation, type PendingInvitation } from '../api/members';

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
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
        title: 'Invitation sent again',
        message: `A new link went to ${invitation.email}, valid for 7 days.`,
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (e) {
      setError(errorMessage(e, 'The invitation could not be sent again. Please try again later.'));
    }
  };

  const onRevoke = async () => {
    const confirmed = await alert({
      icon: 'warning',
      title: `Withdraw the invitation to ${invitation.email}?`,
      text: 'Its link will stop working. You can invite them again at any time.',
      confirmText: 'Yes, withdraw',
      cancelText: 'No, cancel!',
      danger: true,
    });
    if (!confirmed) return;
    setError(undefined);
    try {
      await revoke.trigger(invitation.id);
      toast.show({ title: 'Withdrawn', message: `The invitation to ${invitation.email} was withdrawn.`, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (e) {
      setError(errorMessage(e, 'The invitation could not be withdrawn. Please try again later.'));
    }
  };

  return (
    <li className="py-3" aria-label={invitation.email}>
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{invitation.email}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {roleLabels[invitation.role] ?? invitation.role} ·{' '}
            {invitation.expired ? (
              <span className="font-medium text-red-700 dark:text-red-400">Expired on {formatDate(invitation.expiresAt)}</span>
            ) : (
              <>Valid until {formatDate(invitation.expiresAt)}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 md:shrink-0">
          <Button variant="secondary" disabled={busy} onClick={() => void onResend()} aria-label={`Send the invitation to ${invitation.email} again`}>
            Resend
          </Button>
          <Button
            variant="secondary"
            className="text-red-700 dark:text-red-400"
            disabled={busy}
            onClick={() => void onRevoke()}
            aria-label={`Withdraw the invitation to ${invitation.email}`}
          >
            Withdraw
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
  const { data } = usePendingInvitations(isAdmin);
  if (!isAdmin || !data || data.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">Pending invitations ({data.length})</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Each link works for 7 days. Sending it again makes a new link; the old one stops working.</p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Pending invitations">
        {data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
