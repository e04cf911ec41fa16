import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { UnsyncedButton } from '@/components/offline/unsynced-button';
import { Button } from '@/components/ui/button';
import { LanguageSelect } from '@/components/ui/language-select';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { DailyAgendaDialog } from '@/features/daily-overview/components/daily-agenda-dialog';
import { DailyChecklistPanel } from '@/features/daily-overview/components/daily-checklist-panel';
import { Breadcrumb } from './breadcrumb';
import { DailyChecklistSlot } from './daily-checklist-slot';
import { Icon } from './icons';
import { UserMenu } from './user-menu';

export interface NavbarProps {
  title: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  configuratorOpen: boolean;
  onToggleConfigurator: () => void;
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800';

/** An icon button whose label shows when the bar has room: at least 44 px square either way (a touch target). */
const labelledIcon = 'min-w-11 shrink-0';
/**
 * The labels show when the bar is 56rem (896 px) wide: then the page name, both labels and a long user name share
 * one row (a 1366 px screen beside the docked chat has 918 px); narrower, the buttons keep their icons.
 */
const buttonLabel = 'hidden @4xl:inline';

// Its code and its read come just after the first screen: the bar keeps its size without it.
const TeamName = lazy(() => import('./team-name').then((m) => ({ default: m.TeamName })));

export function Navbar({ title, sidebarExpanded, onToggleSidebar, configuratorOpen, onToggleConfigurator }: NavbarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { open } = useDialogs();
  const [agendaOpen, setAgendaOpen] = useState(false);
  const [isChecklistOpen, setChecklistOpen] = useState(false);

  return (
    // Opaque: text scrolled under a see-through bar showed through it. A container, so that the buttons' labels follow
    // the room the page has (beside the sidebar and the docked chat), not the screen's width: the bar keeps one row.
    <header className="@container sticky top-0 z-20 border-b border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-950">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2 py-2 sm:flex-nowrap sm:px-4">
        <button
          type="button"
          className={iconButton}
          aria-label={t('nav.toggleSidebar')}
          aria-controls="sidebar"
          aria-expanded={sidebarExpanded}
          onClick={onToggleSidebar}
        >
          <Icon name="menu" />
        </button>
        <div className="order-last flex w-full min-w-0 items-center gap-3 px-2 sm:order-none sm:w-auto sm:flex-1 sm:px-0">
          <div className="min-w-0 flex-1">
            <Breadcrumb title={title} />
          </div>
          {session.signedIn && (
            <Suspense fallback={null}>
              <TeamName />
            </Suspense>
          )}
        </div>
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-1">
          <UnsyncedButton />
          <Button variant="ghost" size="compact" className={labelledIcon} onClick={() => setAgendaOpen(true)} aria-label={t('nav.dailyAgenda')}>
            <Icon name="agenda" />
            <span className={buttonLabel}>{t('nav.dailyAgenda')}</span>
          </Button>
          <div className="sm:relative">
            <Button
              variant="ghost"
              size="compact"
              className={labelledIcon}
              aria-label={t('nav.dailyChecklist')}
              aria-expanded={isChecklistOpen}
              aria-controls="daily-checklist"
              onClick={() => setChecklistOpen((value) => !value)}
            >
              <Icon name="checklist" />
              <span className={buttonLabel}>{t('nav.dailyChecklist')}</span>
            </Button>
            <DailyChecklistPanel id="daily-checklist" open={isChecklistOpen} onClose={() => setChecklistOpen(false)}>
              <DailyChecklistSlot />
            </DailyChecklistPanel>
          </div>
          {session.signedIn ? (
            <UserMenu name={session.name ?? ''} />
          ) : (
            <>
              <LanguageSelect className="shrink-0" id="navbar-language" compact />
              <Button variant="ghost" size="sm" className="shrink-0" onClick={() => open('signIn')}>
                {t('nav.signInButton')}
              </Button>
              <Button size="sm" className="shrink-0" onClick={() => open('signUp')}>
                {t('nav.signUp')}
              </Button>
            </>
          )}
          <button
            type="button"
            className={iconButton}
            aria-label={t('nav.displayOptions')}
            aria-expanded={configuratorOpen}
            aria-controls="configurator"
            onClick={onToggleConfigurator}
          >
            <Icon name="settings" />
          </button>
        </div>
      </div>
      {/* In the sticky bar, so it stays in view: offline, or changes that could not be synced. */}
      <OfflineBanner />
      {/* Rendered only while open: closed, it would still build its three sections on every render of the bar. */}
      {agendaOpen && <DailyAgendaDialog open onClose={() => setAgendaOpen(false)} />}
    </header>
  );
}
