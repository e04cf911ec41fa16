import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Tasks; the record screen replaces this placeholder. */
export function TasksRoute() {
  return <PagePlaceholder title="Tasks" description="Plan tasks with a status, a priority and a scheduled date." />;
}
