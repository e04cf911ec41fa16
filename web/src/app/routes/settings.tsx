import { SettingsPage } from '@/features/settings/components/settings-page';

/** Profile and settings. */
export function SettingsRoute() {
  return <SettingsPage />;
}
