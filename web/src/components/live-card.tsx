import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface LiveCardProps {
  /** The running record's view; none while nothing runs, and the start view shows. */
  running?: ReactNode;
  /** The start view: marked busy while the record is still loading (drawn disabled in place, so nothing shifts). */
  start: ReactNode;
  loading: boolean;
  /** The top edge's colour while a record runs. */
  accent: string;
  /** The start view pulses while loading. */
  pulse?: boolean;
  labelledBy?: string;
  /** Above the live part. */
  heading: ReactNode;
  /** Below the live part. */
  children?: ReactNode;
}

/** A card with a live record (a break, a work period): the running record with its end, else the start. */
export function LiveCard({ running, start, loading, accent, pulse, labelledBy, heading, children }: LiveCardProps) {
  return (
    <Card className={running ? `border-t-4 ${accent}` : undefined} labelledBy={labelledBy}>
      {heading}
      {running || (
        <div aria-busy={loading || undefined} className={pulse && loading ? 'animate-pulse' : undefined}>
          {start}
        </div>
      )}
      {children}
    </Card>
  );
}

/** The running record's status line ('On break', 'On the clock'), in the card's colour. */
export function LiveStatus({ tone, children }: { tone: string; children: ReactNode }) {
  return <p className={`text-sm font-semibold tracking-wide uppercase ${tone}`}>{children}</p>;
}
