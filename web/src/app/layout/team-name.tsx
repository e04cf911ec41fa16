import { useTranslation } from 'react-i18next';
import { useTeamName } from '@/features/team/api/team';

/**
 * The signed-in person's team, by the name its admin gave it: on a phone, and at a desk where the bar has room beside
 * the page's name (not when Break Buddy's column narrows it, where the page's name comes first).
 */
export function TeamName() {
  const { t } = useTranslation();
  const name = useTeamName();
  if (!name) return null;
  return (
    <p
      data-testid="team-name"
      translate="no"
      title={name}
      className="hidden max-w-[40%] shrink-0 truncate max-sm:block @5xl:block rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700"
    >
      <span className="visually-hidden">{t('nav.teamName', { name })}</span>
      <span aria-hidden="true">{name}</span>
    </p>
  );
}
