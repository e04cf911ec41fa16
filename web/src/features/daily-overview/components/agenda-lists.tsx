import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatTime, todayIso } from '@/lib/format';
import { breakTypeName, taskPriorityName, taskStatusName } from '@/lib/type-names';
import { useAgendaBreaks, useAgendaMeetings, useAgendaTasks } from '../api/agenda';
import { AgendaEmpty, agendaEmpty, type AgendaSection } from './agenda-empty';

interface ListState<T> {
  data?: T[];
  error?: unknown;
  isLoading: boolean;
}

/** Loading, failure and empty states shared by the three sections; the rows are read-only. */
function AgendaList<T extends { _id: string }>({ state, section, row }: { state: ListState<T>; section: AgendaSection; row: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  if (state.error) return <p className="py-2 text-sm text-red-700 dark:text-red-300">{t(`agenda.${section}.error`)}</p>;
  if (state.isLoading || !state.data) return <Spinner label={t(`agenda.${section}.loading`)} />;
  if (state.data.length === 0) return <AgendaEmpty>{t(agendaEmpty(section))}</AgendaEmpty>;
  return (
    <ul aria-label={t(`agenda.${section}.list`)} className="divide-y divide-slate-100 dark:divide-slate-800">
      {state.data.map((item) => (
        <li key={item._id} className="py-2 text-sm">
          {row(item)}
        </li>
      ))}
    </ul>
  );
}

const when = (from: string, to: string) => `${formatTime(from)} – ${formatTime(to)}`;

/** A value of the task's fixed choices in the reader's language; a value the app does not know stays as it is. */
const useChoice = () => (group: 'status' | 'priority', value: string) => (group === 'status' ? taskStatusName(value) : taskPriorityName(value));

export function AgendaMeetings() {
  const { data, error, isLoading } = useAgendaMeetings(todayIso());
  return (
    <AgendaList
      state={{ data: data?.meetings, error, isLoading }}
      section="meetings"
      row={(meeting) => (
        <>
          <p className="font-medium">
            {when(meeting.from, meeting.to)}
            {meeting.title && <span className="break-words">: {meeting.title}</span>}
          </p>
          {meeting.place && <p className="break-words text-slate-600 dark:text-slate-300">{meeting.place}</p>}
          {meeting.description && <p className="break-words text-slate-600 dark:text-slate-300">{meeting.description}</p>}
        </>
      )}
    />
  );
}

export function AgendaBreaks() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useAgendaBreaks(todayIso());
  return (
    <AgendaList
      state={{ data, error, isLoading }}
      section="breaks"
      row={(item) => (
        <>
          <p className="font-medium">
            {breakTypeName(item.type)}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              {' '}
              · {when(item.startTime, item.endTime)} ({t('agenda.minutes', { minutes: item.duration })})
            </span>
          </p>
          {item.reason && <p className="break-words text-slate-600 dark:text-slate-300">{item.reason}</p>}
        </>
      )}
    />
  );
}

export function AgendaTasks() {
  const choice = useChoice();
  const { data, error, isLoading } = useAgendaTasks(todayIso());
  return (
    <AgendaList
      state={{ data, error, isLoading }}
      section="tasks"
      row={(task) => (
        <>
          <p className="font-medium break-words">{task.title}</p>
          <p className="text-slate-600 dark:text-slate-300">
            {choice('status', task.status)} · {choice('priority', task.priority)}
          </p>
        </>
      )}
    />
  );
}
