import { useState } from 'react';
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

const mark = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

function Flags({ type }: { type: LeaveType }) {
  const flags = [
    type.paid ? 'Paid' : 'Unpaid',
    ...(type.countsAgainstAllowance ? ['Counts against allowance'] : []),
    type.needsApproval ? 'Needs approval' : 'No approval',
  ];
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`Rules of ${type.name}`}>
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
      toast.show({ title: 'Error!', message: errorMessage(failure, fallback), variant: 'error' });
    } finally {
      setBusyId(undefined);
    }
  };

  const toggleArchived = (type: LeaveType) =>
    run(
      type,
      () => actions.update(type._id, { archived: !type.archived }),
      type.archived ? `${type.name} is offered again.` : `${type.name} has been archived: it is no longer offered for new leaves.`,
      'The leave type could not be changed. Please try again later.',
    );

  const remove = async (type: LeaveType) => {
    const confirmed = await alert({
      icon: 'warning',
      title: `Delete ${type.name}?`,
      text: 'A type that leaves already use cannot be deleted: archive it instead.',
      confirmText: 'Yes, delete it!',
      cancelText: 'No, cancel!',
      danger: true,
    });
    if (!confirmed) return;
    await run(type, () => actions.remove(type._id), `${type.name} has been deleted.`, 'The leave type could not be deleted. Please try again later.');
  };

  return (
    <Card>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Leave types</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">The kinds of leave your team records, and whether a request needs approval.</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add leave type</Button>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading leave types" />
        </div>
      ) : error && types.length === 0 ? (
        <FormError>{errorMessage(error, 'The leave types could not be loaded. Please try again later.')}</FormError>
      ) : types.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">No leave types yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Leave types">
          {types.map((type) => {
            const busy = busyId === type._id;
            return (
              <li
                key={type._id}
                aria-label={type.name}
                className={cn('flex flex-col gap-2 py-3 md:flex-row md:items-center md:gap-4', type.archived && 'opacity-75')}
              >
                <div className="min-w-0 flex-1 space-y-1.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <ColorDot color={type.color} className="size-3.5" />
                    <span className={cn('font-semibold break-words', type.archived && 'text-slate-600 dark:text-slate-400')}>{type.name}</span>
                    {type.isDefault && <span className={cn(mark, 'bg-brand-700 text-white')}>Default</span>}
                    {type.archived && <span className={cn(mark, 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200')}>Archived</span>}
                  </p>
                  <Flags type={type} />
                </div>
                <span className="flex flex-wrap justify-end gap-1 self-end md:self-center">
                  <Button variant="ghost" size="compact" disabled={busy} aria-label={`Edit ${type.name}`} onClick={() => setDialog({ kind: 'edit', type })}>
                    Edit
                  </Button>
                  {/* The default type is what a leave gets when none is chosen: it stays offered and cannot go. */}
                  {!type.isDefault && (
                    <Button
                      variant="ghost"
                      size="compact"
                      disabled={busy}
                      aria-label={`${type.archived ? 'Unarchive' : 'Archive'} ${type.name}`}
                      onClick={() => void toggleArchived(type)}
                    >
                      {type.archived ? 'Unarchive' : 'Archive'}
                    </Button>
                  )}
                  {!type.isDefault && (
                    <Button
                      variant="ghost"
                      size="compact"
                      disabled={busy}
                      aria-label={`Delete ${type.name}`}
                      onClick={() => void remove(type)}
                      className="text-red-700 dark:text-red-400"
                    >
                      Delete
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
