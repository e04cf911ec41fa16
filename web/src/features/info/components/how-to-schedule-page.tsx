import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Prose } from './prose';

const strong = { strong: <strong /> };

/** The sample day's entries, in order (`info.howTo.sample.<entry>`). */
const SAMPLE_DAY = ['checklist', 'focus', 'coffee', 'teamMeeting', 'lunch', 'focusAfternoon', 'shortBreak', 'meetings', 'wrapUp'] as const;

export function HowToSchedulePage() {
  const { t } = useTranslation();
  return (
    <Prose>
      <h2>{t('info.howTo.title')}</h2>
      <p>{t('info.howTo.intro')}</p>
      <h3>{t('info.howTo.checklistTitle')}</h3>
      <p>{t('info.howTo.checklist')}</p>
      <h3>{t('info.howTo.tasksTitle')}</h3>
      <p>
        <Trans i18nKey="info.howTo.tasks" components={{ tasks: <Link to={paths.tasks} /> }} />
      </p>
      <h3>{t('info.howTo.meetingsTitle')}</h3>
      <p>
        <Trans i18nKey="info.howTo.meetings" components={{ meetings: <Link to={paths.meetings} /> }} />
      </p>
      <h3>{t('info.howTo.blocksTitle')}</h3>
      <ul>
        <li>
          <Trans i18nKey="info.howTo.block50" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.howTo.block25" components={strong} />
        </li>
        <li>
          <Trans i18nKey="info.howTo.block90" components={strong} />
        </li>
      </ul>
      <h3>{t('info.howTo.breaksTitle')}</h3>
      <p>
        <Trans i18nKey="info.howTo.breaks" components={{ breaks: <Link to={paths.breaks} />, archives: <Link to={paths.archives} /> }} />
      </p>
      <h3>{t('info.howTo.leavesTitle')}</h3>
      <p>
        <Trans i18nKey="info.howTo.leaves" components={{ leaves: <Link to={paths.leaves} /> }} />
      </p>
      <h3>{t('info.howTo.sampleTitle')}</h3>
      <ul>
        {SAMPLE_DAY.map((entry) => (
          <li key={entry}>{t(`info.howTo.sample.${entry}`)}</li>
        ))}
      </ul>
    </Prose>
  );
}
