import type { ReactNode } from 'react';

/** The agenda's sections, each with its empty state worded as the record screens word them (spec §8). */
export type AgendaSection = 'meetings' | 'breaks' | 'tasks';

/** The catalogue key of a section's empty state. */
export const agendaEmpty = (section: AgendaSection) => `agenda.empty.${section}`;

export function AgendaEmpty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}
