import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, todayIso } from '@/lib/format';
import { roleLabels, roles, useChangeRole, useRemoveMember, useTeamMembers, type Role, type TeamMember } from '../api/members';
import { localClock } from '../utils/presence-time';
import { InviteMemberForm } from './invite-member-form';
import { PendingInvitations } from './pending-invitations';
import { SignedOutNotice } from './signed-out-notice';

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

export function StatusBadge({ member }: { member: TeamMember }) {
  const today = todayIso();
  const [tone, text] =
    member.status === 'onBreak'
      ? [
          'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
          `On break${member.breakType ? ` (${member.breakType})` : ''}${member.since ? ` since ${localClock(member.since)}` : ''}`,
        ]
      : member.status === 'onLeave'
        ? [
            'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
            member.until && member.until !== today ? `On leave until ${formatDate(member.until)}` : 'On leave today',
          ]
        : ['bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200', 'Available'];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold', tone)}>
      <span className="size-2 rounded-full bg-current opacity-70" aria-hidden="true" />
      {text}
    </span>
  );
}

function MemberRow({ member, isMe, isAdmin }: { member: TeamMember; isMe: boolean; isAdmin: boolean }) {
  const toast = useToast();
  const alert = useAlert();
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const [error, setError] = useState<string>();
  // The chosen role shows while the change is saved and the list reloads.
  const [chosenRole, setChosenRole] = useState<Role>();

  const onRoleChange = async (role: Role) => {
    if (role === member.role) return;
    if (isMe && member.role === 'admin') {
      const confirmed = await alert({
        icon: 'warning',
        title: 'Give up your admin role?',
        text: 'You will no longer be able to invite members, change roles or remove members.',
        confirmText: `Yes, make me ${roleLabels[role]}`,
        cancelText: 'No, cancel!',
        danger: true,
      });
      if (!confirmed) return;
    }
    setError(undefined);
    setChosenRole(role);
    try {
      await changeRole.trigger({ userId: member.id, role });
      toast.show({ title: 'Role changed', message: `${member.name} is now ${roleLabels[role]}.`, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      setError(errorMessage(failure, 'The role could not be changed. Please try again later.'));
    } finally {
      setChosenRole(undefined);
    }
  };

  const onRemove = async () => {
    const confirmed = await alert({
      icon: 'warning',
      title: `Remove ${member.name}?`,
      text: `${member.name} will leave your team and continue in a team of their own. Their records stay with them.`,
      confirmText: 'Yes, remove',
      cancelText: 'No, cancel!',
      danger: true,
    });
    if (!confirmed) return;
    setError(undefined);
    try {
      const answer = await removeMember.trigger(member.id);
      toast.show({
        title: 'Removed',
        message: answer?.message || `${member.name} has been removed from the team.`,
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (failure) {
      setError(errorMessage(failure, 'The member could not be removed. Please try again later.'));
    }
  };

  const busy = changeRole.isMutating || removeMember.isMutating;

  return (
    <li className="py-3" aria-label={member.name}>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="break-words">{member.name}</span>
            {isMe && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">You</span>}
          </p>
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">{member.email}</p>
          {member.joinedAt && <p className="text-xs text-slate-500 dark:text-slate-400">Joined {formatDate(member.joinedAt)}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2 md:shrink-0 md:justify-end">
          <StatusBadge member={member} />
        </div>
        {isAdmin ? (
          <div className="flex items-end gap-2 md:w-72">
            <div className="flex-1">
              <Select
                label={`Role of ${member.name}`}
                hideLabel
                options={roleOptions}
                value={chosenRole ?? member.role}
                disabled={busy}
                onChange={(event) => void onRoleChange(event.target.value as Role)}
              />
            </div>
            {!isMe && (
              <Button
                variant="secondary"
                className="text-red-700 dark:text-red-400"
                disabled={busy}
                onClick={() => void onRemove()}
                aria-label={`Remove ${member.name}`}
              >
                Remove
              </Button>
            )}
          </div>
        ) : (
          <p className="md:w-72 md:text-right">
            <span className="visually-hidden">Role: </span>
            <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {roleLabels[member.role] ?? member.role}
            </span>
          </p>
        )}
      </div>
      {error && (
        <div className="mt-2">
          <FormError>{error}</FormError>
        </div>
      )}
    </li>
  );
}

/** The Admin Panel (/administrators): members with live status and role; admins invite, change roles, remove. */
export function TeamMembersPage() {
  const { signedIn, id } = useSession();
  const { members, isAdmin, isLoading, error } = useTeamMembers();

  if (!signedIn) return <SignedOutNotice what="your team" />;

  return (
    <div className="space-y-6">
      {isAdmin && (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">Invite a member</h2>
          <InviteMemberForm />
        </Card>
      )}
      <PendingInvitations isAdmin={isAdmin} />
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Team Members{members.length > 0 ? ` (${members.length})` : ''}</h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">Updates every 30 seconds</p>
        </div>
        {!isAdmin && members.length > 0 && (
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">Only team admins can invite members, change roles or remove members.</p>
        )}
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the team" />
          </div>
        ) : error && members.length === 0 ? (
          <FormError>{errorMessage(error, 'The team could not be loaded. Please try again later.')}</FormError>
        ) : members.length === 0 ? (
          <p className="py-4 text-sm text-slate-600 dark:text-slate-400">No team members found.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Team members">
            {members.map((member) => (
              <MemberRow key={member.id} member={member} isMe={member.id === id} isAdmin={isAdmin} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
