import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Archives | Reports; the record screen replaces this placeholder. */
export function ArchivesRoute() {
  return <PagePlaceholder title="Archives | Reports" description="Past breaks, tasks and checklists, with reports over a date range." />;
}
