import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Currently on break; the record screen replaces this placeholder. */
export function OnBreaksRoute() {
  return <PagePlaceholder title="Currently on break" description="Team members who are on a break right now." />;
}
