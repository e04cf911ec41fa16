import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Prose } from './prose';

const strong = { strong: <strong /> };

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Prose>
      <h2>{t('info.about.title')}</h2>
      <p>{t('info.about.intro')}</p>
      <h2>{t('info.about.featuresTitle')}</h2>
      <ul>
        <li>
          <Trans i18nKey="info.about.breaks" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.about.tasks" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.about.leaves" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.about.meetings" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.about.checklist" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.about.assistant" components={strong} />
        </li>
      </ul>
      <h2>{t('info.about.teamsTitle')}</h2>
      <p>{t('info.about.teams')}</p>
      <h2>{t('info.about.anywhereTitle')}</h2>
      <p>{t('info.about.anywhere')}</p>
      <h2>{t('info.about.openSourceTitle')}</h2>
      <p>
        <Trans i18nKey="info.about.openSource" components={{ contact: <Link to={paths.contact} />, faq: <Link to={paths.faq} /> }} />
      </p>
    </Prose>
  );
}
