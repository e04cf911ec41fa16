import { Spinner } from '@/components/ui/spinner';
import { todayIso } from '@/lib/format';
import { useTodayBreaks } from '../api/breaks';
import { BreaksList, NO_BREAKS_TODAY } from './breaks-list';

/** Today's breaks, read-only, for the Daily Agenda's Breaks section. */
export function AgendaBreaks() {
  const { data, isLoading } = useTodayBreaks(todayIso());
  if (isLoading) return <Spinner label="Loading breaks" />;
  if (!data?.length) return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{NO_BREAKS_TODAY}</p>;
  return <BreaksList breaks={data} />;
}
