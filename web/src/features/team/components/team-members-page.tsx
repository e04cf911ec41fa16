import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
import { breakTypeName, leaveTypeName } from '@/lib/type-names';
import { useTeamMembers, type TeamMember } from '@/lib/team-members';
import { roleLabel, roleOptions, useChangeRole, useRemoveMember, type Role } from '../api/members';
import { localClock } from '../utils/presence-time';
import { InviteMemberForm } from './invite-member-form';
import { MemberStartDate } from './member-start-date';
import { PendingInvitations } from './pending-invitations';
import { SignedOutNotice } from './signed-out-notice';
import { TeamSettingsCard } from './team-settings-card';

/** 'On break (Coffee Break) since 2:05 PM', with the parts the server sent. */
function onBreakText(t: TFunction, type: string | null | undefined, since: string | null | undefined): string {
  const time = since ? localClock(since) : '';
  if (type && time) return t('team.status.onBreakTypeSince', { type, time });
  if (type) return t('team.status.onBreakType', { type });
  if (time) return t('team.status.onBreakSince', { time });
  return t('team.status.onBreak');
}

/** 'On leave (Sick) until 12/04/2026', 'On leave today (Vacation)', with the parts the server sent. */
function onLeaveText(t: TFunction, type: string | undefined, until: string | undefined): string {
  if (type && until) return t('team.status.onLeaveTypeUntil', { type, date: until });
  if (type) return t('team.status.onLeaveTypeToday', { type });
  if (until) return t('team.status.onLeaveUntil', { date: until });
  return t('team.status.onLeaveToday');
}

export function StatusBadge({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const today = todayIso();
  const [tone, text] =
    member.status === 'onBreak'
      ? ['bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200', onBreakText(t, breakTypeName(member.breakType), member.since)]
      : member.status === 'working'
        ? [
            'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
            member.since ? t('team.status.workingSince', { time: localClock(member.since) }) : t('team.status.working'),
          ]
        : member.status === 'onLeave'
          ? [
              'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
              onLeaveText(
                t,
                member.leaveType ? leaveTypeName(member.leaveType) : undefined,
                member.until && member.until !== today ? formatDate(member.until) : undefined,
              ),
            ]
          : ['bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200', t('team.status.available')];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold', tone)}>
      <span className="size-2 rounded-full bg-current opacity-70" aria-hidden="true" />
      {text}
    </span>
  );
}

function MemberRow({ member, isMe, isAdmin }: { member: TeamMember; isMe: boolean; isAdmin: boolean }) {
  const { t } = useTranslation();
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
        title: t('team.members.giveUpAdminQuestion'),
        text: t('team.members.giveUpAdminText'),
        confirmText: t('team.members.makeMe', { role: roleLabel(role) }),
        cancelText: t('team.noCancel'),
        danger: true,
      });
      if (!confirmed) return;
    }
    setError(undefined);
    setChosenRole(role);
    try {
      await changeRole.trigger({ userId: member.id, role });
      toast.show({
        title: t('team.members.roleChangedTitle'),
        message: t('team.members.roleChanged', { name: member.name, role: roleLabel(role) }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (failure) {
      setError(errorMessage(failure, t('team.members.roleFailed')));
    } finally {
      setChosenRole(undefined);
    }
  };

  const onRemove = async () => {
    const confirmed = await alert({
      icon: 'warning',
      title: t('team.members.removeQuestion', { name: member.name }),
      text: t('team.members.removeText', { name: member.name }),
      confirmText: t('team.members.removeConfirm'),
      cancelText: t('team.noCancel'),
      danger: true,
    });
    if (!confirmed) return;
    setError(undefined);
    try {
      const answer = await removeMember.trigger(member.id);
      toast.show({
        title: t('team.members.removedTitle'),
        message: answer?.message || t('team.members.removed', { name: member.name }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (failure) {
      setError(errorMessage(failure, t('team.members.removeFailed')));
    }
  };

  const busy = changeRole.isMutating || removeMember.isMutating;

  return (
    <li className="py-3" aria-label={member.name}>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="break-words">{member.name}</span>
            {isMe && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">{t('team.you')}</span>}
          </p>
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">{member.email}</p>
          {member.joinedAt && <p className="text-xs text-slate-500 dark:text-slate-400">{t('team.members.joined', { date: formatDate(member.joinedAt) })}</p>}
          {isAdmin && <MemberStartDate userId={member.id} name={member.name} />}
        </div>
        <div className="flex flex-wrap items-center gap-2 md:shrink-0 md:justify-end">
          <StatusBadge member={member} />
        </div>
        {isAdmin ? (
          <div className="flex items-end gap-2 md:w-72">
            <div className="flex-1">
              <Select
                label={t('team.members.roleOf', { name: member.name })}
                hideLabel
                options={roleOptions()}
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
                aria-label={t('team.members.removeLabel', { name: member.name })}
              >
                {t('team.members.remove')}
              </Button>
            )}
          </div>
        ) : (
          <p className="md:w-72 md:text-right">
            <span className="visually-hidden">{t('team.members.rolePrefix')}</span>
            <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {roleLabel(member.role)}
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
  const { t } = useTranslation();
  const { signedIn, id } = useSession();
  const { members, isAdmin, isLoading, error } = useTeamMembers();

  if (!signedIn) return <SignedOutNotice message={t('team.signedOut.members')} />;

  return (
    <div className="space-y-6">
      {isAdmin && (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">{t('team.invite.title')}</h2>
          <InviteMemberForm />
        </Card>
      )}
      <PendingInvitations isAdmin={isAdmin} />
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{members.length > 0 ? t('team.members.titleCount', { total: members.length }) : t('team.members.title')}</h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('team.updatesEvery')}</p>
        </div>
        {!isAdmin && members.length > 0 && <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('team.members.adminsOnly')}</p>}
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('team.members.loading')} />
          </div>
        ) : error && members.length === 0 ? (
          <FormError>{errorMessage(error, t('team.members.loadFailed'))}</FormError>
        ) : members.length === 0 ? (
          <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('team.members.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('team.members.listLabel')}>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} isMe={member.id === id} isAdmin={isAdmin} />
            ))}
          </ul>
        )}
      </Card>
      {isAdmin && <TeamSettingsCard />}
    </div>
  );
}
