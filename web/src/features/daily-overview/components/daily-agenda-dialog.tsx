import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { AgendaEmpty, agendaEmpty } from './agenda-empty';

// Today's lists are their own chunk, loaded the first time a signed-in user opens the agenda.
const lists = () => import('./agenda-lists');
const AgendaMeetings = lazy(() => lists().then((module) => ({ default: module.AgendaMeetings })));
const AgendaBreaks = lazy(() => lists().then((module) => ({ default: module.AgendaBreaks })));
const AgendaTasks = lazy(() => lists().then((module) => ({ default: module.AgendaTasks })));

export interface DailyAgendaSlots {
  /** Today's meetings, read-only; by default the agenda reads them itself. */
  meetings?: ReactNode;
  /** Today's breaks, read-only; by default the agenda reads them itself. */
  breaks?: ReactNode;
  /** Today's tasks, read-only; by default the agenda reads them itself. */
  tasks?: ReactNode;
}

export interface DailyAgendaDialogProps extends DailyAgendaSlots {
  open: boolean;
  onClose: () => void;
}

/**
 * The Daily Agenda: accordion sections Meetings, Breaks and Tasks for today, all read-only with no edit or
 * delete (spec §2, §6). Signed out, each section shows its empty state.
 */
export function DailyAgendaDialog({ open, onClose, meetings, breaks, tasks }: DailyAgendaDialogProps) {
  const { signedIn } = useSession();
  const section = (slot: ReactNode, Loaded: ComponentType, empty: string) => slot ?? (signedIn ? <Loaded /> : <AgendaEmpty>{empty}</AgendaEmpty>);
  const sections = [
    { title: 'Meetings', body: section(meetings, AgendaMeetings, agendaEmpty.meetings) },
    { title: 'Breaks', body: section(breaks, AgendaBreaks, agendaEmpty.breaks) },
    { title: 'Tasks', body: section(tasks, AgendaTasks, agendaEmpty.tasks) },
  ];
  return (
    <Modal open={open} size="lg" title="Daily Agenda" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <Suspense fallback={<Spinner label="Loading today's agenda" />}>
        <div className="divide-y divide-slate-200 dark:divide-slate-700">
          {sections.map((item) => (
            <details key={item.title} open className="group py-1">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between font-semibold">
                {item.title}
                <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <div className="pb-3">{item.body}</div>
            </details>
          ))}
        </div>
      </Suspense>
    </Modal>
  );
}
