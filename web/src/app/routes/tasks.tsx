import { TasksPage } from '@/features/tasks/components/tasks-page';

/** Route component for Tasks. */
export function TasksRoute() {
  return <TasksPage />;
}
