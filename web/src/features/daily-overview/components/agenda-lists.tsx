import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatTime, todayIso } from '@/lib/format';
import { useAgendaBreaks, useAgendaMeetings, useAgendaTasks } from '../api/agenda';
import { AgendaEmpty, agendaEmpty } from './agenda-empty';

interface ListState<T> {
  data?: T[];
  error?: unknown;
  isLoading: boolean;
}

/** Loading, failure and empty states shared by the three sections; the rows are read-only. */
function AgendaList<T extends { _id: string }>({ state, what, empty, row }: { state: ListState<T>; what: string; empty: string; row: (item: T) => ReactNode }) {
  if (state.error) return <p className="py-2 text-sm text-red-700 dark:text-red-300">Could not load {what}.</p>;
  if (state.isLoading || !state.data) return <Spinner label={`Loading ${what}`} />;
  if (state.data.length === 0) return <AgendaEmpty>{empty}</AgendaEmpty>;
  return (
    <ul aria-label={`Today's ${what}`} className="divide-y divide-slate-100 dark:divide-slate-800">
      {state.data.map((item) => (
        <li key={item._id} className="py-2 text-sm">
          {row(item)}
        </li>
      ))}
    </ul>
  );
}

const when = (from: string, to: string) => `${formatTime(from)} – ${formatTime(to)}`;

export function AgendaMeetings() {
  const { data, error, isLoading } = useAgendaMeetings(todayIso());
  return (
    <AgendaList
      state={{ data: data?.meetings, error, isLoading }}
      what="meetings"
      empty={agendaEmpty.meetings}
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
  const { data, error, isLoading } = useAgendaBreaks(todayIso());
  return (
    <AgendaList
      state={{ data, error, isLoading }}
      what="breaks"
      empty={agendaEmpty.breaks}
      row={(item) => (
        <>
          <p className="font-medium">
            {item.type}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              {' '}
              · {when(item.startTime, item.endTime)} ({item.duration} min)
            </span>
          </p>
          {item.reason && <p className="break-words text-slate-600 dark:text-slate-300">{item.reason}</p>}
        </>
      )}
    />
  );
}

export function AgendaTasks() {
  const { data, error, isLoading } = useAgendaTasks(todayIso());
  return (
    <AgendaList
      state={{ data, error, isLoading }}
      what="tasks"
      empty={agendaEmpty.tasks}
      row={(task) => (
        <>
          <p className="font-medium break-words">{task.title}</p>
          <p className="text-slate-600 dark:text-slate-300">
            {task.status} · {task.priority}
          </p>
        </>
      )}
    />
  );
}
