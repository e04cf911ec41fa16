import { Spinner } from '@/components/ui/spinner';
import { todayIso } from '@/lib/format';
import { useTodayTasks } from '../api/tasks';
import { NO_TASKS_TODAY, TasksList } from './tasks-list';

/** Today's tasks, read-only, for the Daily Agenda's Tasks section. */
export function AgendaTasks() {
  const { data, isLoading } = useTodayTasks(todayIso());
  if (isLoading) return <Spinner label="Loading tasks" />;
  return <TasksList label="Today's tasks" tasks={data ?? []} empty={NO_TASKS_TODAY} />;
}
