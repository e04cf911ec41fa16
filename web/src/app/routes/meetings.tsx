import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Meetings; the record screen replaces this placeholder. */
export function MeetingsRoute() {
  return <PagePlaceholder title={'Meetings'} description={"Schedule meetings and see today's, upcoming or all meetings."} />;
}
