import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A card; `labelledBy` names it by its heading's id, which makes it a region landmark. */
export function Card({ children, className, labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800', className)}
    >
      {children}
    </section>
  );
}
