import { ArchivesPage } from '@/features/archives/components/archives-page';
import { warmDateInputs } from '@/lib/warm-date-inputs';

/** Route component for Archives | Reports. */
export function ArchivesRoute() {
  return <ArchivesPage />;
}

/** Before the first draw: the range picker's two date inputs are on the first screen (see {@link warmDateInputs}). */
export const prepare = warmDateInputs;
