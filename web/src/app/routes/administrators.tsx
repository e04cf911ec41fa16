import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Team Members; the record screen replaces this placeholder. */
export function AdministratorsRoute() {
  return <PagePlaceholder title={'Team Members'} description={"The Admin Panel: your team's members, their roles and invitations."} />;
}
