import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface DailyAgendaSlots {
  /** Today's meetings, read-only. */
  meetings?: ReactNode;
  /** Today's breaks, read-only. */
  breaks?: ReactNode;
  /** Today's tasks, read-only. */
  tasks?: ReactNode;
}

export interface DailyAgendaDialogProps extends DailyAgendaSlots {
  open: boolean;
  onClose: () => void;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

/**
 * The Daily Agenda: accordion sections Meetings, Breaks and Tasks, all read-only (spec §2).
 * The record screens supply each section's list through the slots; without one, the section shows its empty state.
 */
export function DailyAgendaDialog({ open, onClose, meetings, breaks, tasks }: DailyAgendaDialogProps) {
  const sections = [
    { title: 'Meetings', body: meetings ?? <Empty>No meetings scheduled for today.</Empty> },
    { title: 'Breaks', body: breaks ?? <Empty>You have not taken any breaks today</Empty> },
    { title: 'Tasks', body: tasks ?? <Empty>You have not scheduled any tasks today</Empty> },
  ];
  return (
    <Modal open={open} size="lg" title="Daily Agenda" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <div className="divide-y divide-slate-200 dark:divide-slate-700">
        {sections.map((section) => (
          <details key={section.title} open className="group py-1">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between font-semibold">
              {section.title}
              <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="pb-3">{section.body}</div>
          </details>
        ))}
      </div>
    </Modal>
  );
}
