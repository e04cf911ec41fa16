import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Profile; the record screen replaces this placeholder. */
export function SettingsRoute() {
  return <PagePlaceholder title="Profile" description="Your name, email address, time zone and password." />;
}
