import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** Readable long-form text for the informational pages. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-3xl">
      <div className="space-y-4 text-[15px] leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-500 [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-slate-100 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-100 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
    </Card>
  );
}
