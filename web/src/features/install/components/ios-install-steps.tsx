import { Trans, useTranslation } from 'react-i18next';
import { ShareIcon } from './share-icon';

/** How to add Breaktime to the Home Screen on an iPhone or iPad (Safari offers no install prompt). */
export function IosInstallSteps() {
  const { t } = useTranslation();
  return (
    <p>
      <Trans i18nKey="install.iosSteps" components={{ share: <ShareIcon label={t('install.share')} /> }} />
    </p>
  );
}
