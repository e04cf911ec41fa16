import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiTokensSection } from '@/features/api-tokens/components/api-tokens-section';
import { IosInstallSteps } from '@/features/install/components/ios-install-steps';
import { NotificationsSection } from '@/features/notifications/components/notifications-section';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { useSession } from '@/lib/auth';

const DataTransferSections = lazy(() => import('@/features/data-transfer/components/data-transfer-sections'));

/** Profile and settings, notifications, where calendar subscriptions are (on the team calendar), API tokens, and
 * downloading and importing data. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  return (
    <div className="space-y-6">
      <SettingsPage notifications={<NotificationsSection installHelp={<IosInstallSteps />} />} />
      {signedIn && (
        <Suspense fallback={null}>
          <DataTransferSections />
        </Suspense>
      )}
      {signedIn && (
        <Card>
          <h2 className="text-lg font-semibold">{t('shell.calendarSubscriptions.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('shell.calendarSubscriptions.text')}{' '}
            <Link to={`${paths.calendar}#subscribe`} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
              {t('shell.calendarSubscriptions.manage')}
            </Link>
          </p>
        </Card>
      )}
      {signedIn && (
        <Card>
          <h2 className="text-lg font-semibold">{t('shell.workRules.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('shell.workRules.text')}{' '}
            <Link to={`${paths.workingTime}#rules`} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
              {t('shell.workRules.manage')}
            </Link>
          </p>
        </Card>
      )}
      {signedIn && (
        <div id="api-tokens" className="scroll-mt-20">
          <ApiTokensSection />
        </div>
      )}
    </div>
  );
}
