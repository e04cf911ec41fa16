import type { ReactNode } from 'react';

/** The agenda's empty states, worded as the record screens word them (spec §8). */
export const agendaEmpty = {
  meetings: 'No meetings scheduled for today.',
  breaks: 'You have not taken any breaks today',
  tasks: 'You have not scheduled any tasks today',
} as const;

export function AgendaEmpty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}
