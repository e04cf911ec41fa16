import { ArchivesPage } from '@/features/archives/components/archives-page';

/** Route component for Archives | Reports. */
export function ArchivesRoute() {
  return <ArchivesPage />;
}
