import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { AgendaEmpty, agendaEmpty, type AgendaSection } from './agenda-empty';

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
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const section = (name: AgendaSection, slot: ReactNode, Loaded: ComponentType) => ({
    name,
    body: slot ?? (signedIn ? <Loaded /> : <AgendaEmpty>{t(agendaEmpty(name))}</AgendaEmpty>),
  });
  const sections = [section('meetings', meetings, AgendaMeetings), section('breaks', breaks, AgendaBreaks), section('tasks', tasks, AgendaTasks)];
  return (
    <Modal open={open} size="lg" title={t('agenda.title')} onClose={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <Suspense fallback={<Spinner label={t('agenda.loading')} />}>
        <div className="divide-y divide-slate-200 dark:divide-slate-700">
          {sections.map((item) => (
            <details key={item.name} open className="group py-1">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between font-semibold">
                {t(`agenda.sections.${item.name}`)}
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
