import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Dashboard; the record screen replaces this placeholder. */
export function BreaksRoute() {
  return (
    <PagePlaceholder
      title={'Dashboard'}
      description={"Log your breaks for today: type, reason, start and end time. Today's breaks and their total duration will be listed here."}
    />
  );
}
