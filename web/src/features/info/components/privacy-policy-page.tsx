import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { Prose } from './prose';

/** The day this policy took effect. */
const POLICY_EFFECTIVE = '2024-08-20';

/** English writes the date as the policy always has (month first); the other languages in their own format. */
const effectiveDate = () => (currentLanguage() === 'en' ? '08/20/2024' : formatDate(POLICY_EFFECTIVE));

const strong = { strong: <strong /> };

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <Prose>
      <p className="text-sm">{t('info.privacy.effective', { date: effectiveDate() })}</p>
      <h2>{t('info.privacy.shortTitle')}</h2>
      <p>{t('info.privacy.short')}</p>
      <h2>{t('info.privacy.collectTitle')}</h2>
      <ul>
        <li>
          <Trans i18nKey="info.privacy.account" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.privacy.records" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.privacy.messages" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.privacy.assistant" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.privacy.technical" components={strong} />
        </li>
      </ul>
      <h2>{t('info.privacy.cookiesTitle')}</h2>
      <p>
        <Trans i18nKey="info.privacy.cookies" components={{ code: <code /> }} />
      </p>
      <h2>{t('info.privacy.whoTitle')}</h2>
      <p>{t('info.privacy.who')}</p>
      <h2>{t('info.privacy.keepTitle')}</h2>
      <p>
        <Trans i18nKey="info.privacy.keep" components={{ page: <Link to={paths.deleteAccount} /> }} />
      </p>
      <h2>{t('info.privacy.rightsTitle')}</h2>
      <p>
        <Trans i18nKey="info.privacy.rights" components={{ page: <Link to={paths.contact} /> }} />
      </p>
      <h2>{t('info.privacy.changesTitle')}</h2>
      <p>{t('info.privacy.changes')}</p>
    </Prose>
  );
}
