import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Today's absentees; the record screen replaces this placeholder. */
export function OnLeavesRoute() {
  return <PagePlaceholder title={"Today's absentees"} description={'Team members who are away today.'} />;
}
