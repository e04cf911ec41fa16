import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLeaveTypeActions, useLeaveTypes } from '../api/leave-types';
import type { LeaveType } from '../api/types';
import { ColorDot } from './leave-badges';
import { LeaveTypeFormDialog } from './leave-type-form-dialog';
import { leaveTypeName } from '../utils/type-name';

const mark = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

function Flags({ type }: { type: LeaveType }) {
  const { t } = useTranslation();
  const flags = [
    type.paid ? t('leaves.types.paid') : t('leaves.types.unpaid'),
    ...(type.countsAgainstAllowance ? [t('leaves.types.counts')] : []),
    type.needsApproval ? t('leaves.types.needsApproval') : t('leaves.types.noApproval'),
  ];
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('leaves.types.rulesOf', { name: type.name })}>
      {flags.map((flag) => (
        <li key={flag} className={cn(mark, 'bg-slate-100 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300')}>
          {flag}
        </li>
      ))}
    </ul>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit'; type: LeaveType };

/**
 * The team's leave types for its admins (in the Admin Panel): colour, name, rules, the default and archived marks;
 * add, edit, archive or bring back, delete. Archived types stay on the leaves that have them but are not offered.
 */
export function LeaveTypesSection() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const alert = useAlert();
  const { types, isLoading, error } = useLeaveTypes();
  const actions = useLeaveTypeActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyId, setBusyId] = useState<string>();

  const run = async (type: LeaveType, call: () => Promise<unknown>, done: string, fallback: string) => {
    if (!requireAuth()) return;
    setBusyId(type._id);
    try {
      await call();
      toast.show({ message: done, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      toast.show({ title: t('leaves.errorTitle'), message: errorMessage(failure, fallback), variant: 'error' });
    } finally {
      setBusyId(undefined);
    }
  };

  const toggleArchived = (type: LeaveType) =>
    run(
      type,
      () => actions.update(type._id, { archived: !type.archived }),
      type.archived ? t('leaves.types.unarchived', { name: type.name }) : t('leaves.types.archivedDone', { name: type.name }),
      t('leaves.types.changeFailed'),
    );

  const remove = async (type: LeaveType) => {
    const confirmed = await alert({
      icon: 'warning',
      title: t('leaves.types.deleteQuestion', { name: type.name }),
      text: t('leaves.types.deleteText'),
      confirmText: t('leaves.types.deleteConfirm'),
      cancelText: t('leaves.types.deleteKeep'),
      danger: true,
    });
    if (!confirmed) return;
    await run(type, () => actions.remove(type._id), t('leaves.types.deleted', { name: type.name }), t('leaves.types.deleteFailed'));
  };

  return (
    <Card>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('leaves.types.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.types.intro')}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })}>{t('leaves.types.addTitle')}</Button>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('leaves.types.loading')} />
        </div>
      ) : error && types.length === 0 ? (
        <FormError>{errorMessage(error, t('leaves.types.loadFailed'))}</FormError>
      ) : types.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('leaves.types.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('leaves.types.title')}>
          {types.map((type) => {
            const busy = busyId === type._id;
            return (
              <li
                key={type._id}
                aria-label={leaveTypeName(type.name)}
                className={cn('flex flex-col gap-2 py-3 md:flex-row md:items-center md:gap-4', type.archived && 'opacity-75')}
              >
                <div className="min-w-0 flex-1 space-y-1.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <ColorDot color={type.color} className="size-3.5" />
                    <span className={cn('font-semibold break-words', type.archived && 'text-slate-600 dark:text-slate-400')}>{leaveTypeName(type.name)}</span>
                    {type.isDefault && <span className={cn(mark, 'bg-brand-700 text-white')}>{t('leaves.types.default')}</span>}
                    {type.archived && (
                      <span className={cn(mark, 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200')}>{t('leaves.types.archived')}</span>
                    )}
                  </p>
                  <Flags type={type} />
                </div>
                <span className="flex flex-wrap justify-end gap-1 self-end md:self-center">
                  <Button
                    variant="ghost"
                    size="compact"
                    disabled={busy}
                    aria-label={t('leaves.types.editLabel', { name: type.name })}
                    onClick={() => setDialog({ kind: 'edit', type })}
                  >
                    {t('common.edit')}
                  </Button>
                  {/* The default type is what a leave gets when none is chosen: it stays offered and cannot go. */}
                  {!type.isDefault && (
                    <Button
                      variant="ghost"
                      size="compact"
                      disabled={busy}
                      aria-label={type.archived ? t('leaves.types.unarchiveLabel', { name: type.name }) : t('leaves.types.archiveLabel', { name: type.name })}
                      onClick={() => void toggleArchived(type)}
                    >
                      {type.archived ? t('leaves.types.unarchive') : t('leaves.types.archive')}
                    </Button>
                  )}
                  {!type.isDefault && (
                    <Button
                      variant="ghost"
                      size="compact"
                      disabled={busy}
                      aria-label={t('leaves.types.deleteLabel', { name: type.name })}
                      onClick={() => void remove(type)}
                      className="text-red-700 dark:text-red-400"
                    >
                      {t('common.delete')}
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {dialog && (
        <LeaveTypeFormDialog
          key={dialog.kind === 'edit' ? dialog.type._id : 'add'}
          editing={dialog.kind === 'edit' ? dialog.type : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
