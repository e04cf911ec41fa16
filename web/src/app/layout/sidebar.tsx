import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDialogs, type AppDialog } from '@/lib/dialogs';
import type { SidebarType } from '@/lib/preferences';
import { isLeaveApprover, useTeamRole } from '@/lib/team-role';
import { usePendingCount } from '@/features/leaves/api/pending-count';
import { useUnansweredCount } from '@/features/meetings/api/unanswered';
import { useMemberCount } from '@/features/team/api/team';
import { Icon, type IconName } from './icons';

interface NavItem {
  to: string;
  /** The link's name, in the person's language. */
  label: string;
  icon: IconName;
  /** The path that marks the link as current, when it differs from the target ('/' redirects to /breaks). */
  match?: string;
  /** Shown only to signed-in users (a page about the team). */
  signedInOnly?: boolean;
  /** A count beside the label (none at 0), with its meaning for screen readers. */
  badge?: { count: number; label: string };
}

/** The main links, each named by its page's title (`pages.<page>` in the catalogues). */
const mainLinks: Array<Omit<NavItem, 'label'> & { page: string }> = [
  { to: paths.home, page: 'dashboard', icon: 'dashboard', match: paths.breaks },
  { to: paths.workingTime, page: 'workingTime', icon: 'workTime', signedInOnly: true },
  { to: paths.tasks, page: 'tasks', icon: 'tasks' },
  { to: paths.archives, page: 'archives', icon: 'archives' },
  { to: paths.leaves, page: 'leaves', icon: 'leaves' },
  { to: paths.calendar, page: 'calendar', icon: 'calendar', signedInOnly: true },
  { to: paths.meetings, page: 'meetings', icon: 'meetings' },
];

const themes: Record<SidebarType, { panel: string; idle: string; active: string; muted: string }> = {
  dark: {
    // surface-dark: a filled link's focus outline is white here (index.css).
    panel: 'surface-dark bg-slate-900 text-slate-100',
    idle: 'text-slate-300 hover:bg-white/10 hover:text-white',
    active: 'bg-brand-700 text-white shadow',
    muted: 'text-slate-400',
  },
  light: {
    panel: 'bg-white text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-800',
    idle: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
    active: 'bg-brand-700 text-white shadow',
    muted: 'text-slate-600 dark:text-slate-400',
  },
  transparent: {
    panel:
      'bg-slate-100/95 text-slate-800 backdrop-blur md:bg-transparent md:backdrop-blur-none dark:bg-slate-950/95 dark:text-slate-100 md:dark:bg-transparent',
    idle: 'text-slate-600 hover:bg-white hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
    active: 'bg-brand-700 text-white shadow',
    muted: 'text-slate-600 dark:text-slate-400',
  },
};

export interface SidebarProps {
  type: SidebarType;
  /** Narrow screens: the sidebar slides over the page and closes after a link is followed. */
  narrow: boolean;
  /** Narrow screens: whether the sidebar is showing. */
  open: boolean;
  /** Wide screens: pinned shows it in full, unpinned leaves an icon rail that expands on hover. */
  pinned: boolean;
  /** Wide screens: pinned, but folded to the icon rail beside the open chat (no pin button: it is pinned already). */
  folded?: boolean;
  onClose: () => void;
  onPin: () => void;
  onNavigate: () => void;
}

export function Sidebar({ type, narrow, open, pinned, folded = false, onClose, onPin, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const { open: openDialog } = useDialogs();
  const memberCount = useMemberCount();
  const { role } = useTeamRole();
  const approver = isLeaveApprover(role);
  const unanswered = useUnansweredCount();
  const pendingCount = usePendingCount(approver);
  const { pathname } = useLocation();
  const theme = themes[type];
  const mini = !narrow && !pinned;
  const hidden = narrow && !open;
  const drawerOpen = narrow && open;
  // The icon rail expands while the pointer is over it or the keyboard is in it, over the page's left column. Once a
  // link is chosen (or Escape pressed) it folds back at once: until the pointer leaves it, or the keyboard comes back
  // into it, it would otherwise lie over the title and the page that was just opened.
  const [folding, setFolding] = useState(false);
  const expandable = mini && !folding;
  const unfold = () => setFolding(false);

  // The open drawer closes with Escape like the dialogs; an outside click on its backdrop closes it too.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, onClose]);

  const managementLinks: NavItem[] = [
    { to: paths.administrators, label: memberCount === undefined ? t('pages.teamMembers') : t('nav.teamMembersCount', { number: memberCount }), icon: 'team' },
    { to: paths.onBreaks, label: t('pages.onBreak'), icon: 'onBreak' },
    { to: paths.onLeaves, label: t('pages.onLeave'), icon: 'absent' },
    // Admins and HR decide the team's leave requests.
    // Admins and HR see how many wait, the way Team Members shows its count.
    ...(approver
      ? [
          {
            to: paths.leaveRequests,
            label: pendingCount === undefined ? t('pages.leaveRequests') : t('nav.leaveRequestsCount', { number: pendingCount }),
            icon: 'requests' as const,
          },
        ]
      : []),
  ];

  // The specification's 'MANAGEMENT | Admin | HR' heads the group for those it names; members see their team's views
  // under 'Team'.
  const groupHeading = approver ? t('nav.management') : t('nav.team');

  /** A link or action was chosen: the drawer closes, the rail folds and the keyboard goes on in the page, not behind it. */
  const chosen = () => {
    onNavigate();
    if (!mini) return;
    setFolding(true);
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  const label = (text: string) => (
    <span className={cn('truncate', mini && 'sr-only', expandable && 'group-hover/sidebar:not-sr-only group-focus-within/sidebar:not-sr-only')}>{text}</span>
  );
  const itemClass = 'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors';

  const renderLink = (item: NavItem) => (
    <li key={item.to}>
      <Link
        to={item.to}
        onClick={chosen}
        aria-current={pathname === (item.match ?? item.to) ? 'page' : undefined}
        className={cn(itemClass, 'relative', pathname === (item.match ?? item.to) ? theme.active : theme.idle)}
      >
        <Icon name={item.icon} className="size-5 shrink-0" />
        {label(item.label)}
        {item.badge && item.badge.count > 0 && (
          <>
            <span
              aria-hidden="true"
              data-badge
              className={cn(
                'min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs leading-5 font-bold text-white',
                mini ? 'absolute top-1 left-8' : 'ml-auto',
              )}
            >
              {item.badge.count}
            </span>
            <span className="sr-only"> ({item.badge.label})</span>
          </>
        )}
      </Link>
    </li>
  );

  const renderAction = (text: string, icon: IconName, dialog: AppDialog) => (
    <li key={dialog}>
      <button
        type="button"
        className={cn(itemClass, theme.idle)}
        onClick={() => {
          chosen();
          openDialog(dialog);
        }}
      >
        <Icon name={icon} className="size-5 shrink-0" />
        {label(text)}
      </button>
    </li>
  );

  // The closed drawer of a phone is an empty landmark (the menu button controls it): its links are built when it opens,
  // not on every first screen.
  if (hidden) return <aside id="sidebar" aria-label={t('nav.sideNavigation')} hidden />;

  return (
    <>
      {narrow && open && <div className="fixed inset-0 z-30 bg-slate-950/50" aria-hidden="true" onClick={onClose} />}
      <aside
        id="sidebar"
        aria-label={t('nav.sideNavigation')}
        onPointerLeave={unfold}
        onFocus={unfold}
        onKeyDown={(event) => {
          if (mini && event.key === 'Escape') setFolding(true);
        }}
        className={cn(
          'group/sidebar fixed inset-y-0 left-0 z-40 flex flex-col overflow-hidden transition-[width,transform] duration-200',
          narrow ? 'w-72 max-w-[85vw] shadow-2xl' : 'm-3 rounded-2xl',
          !narrow && (pinned ? 'w-64' : 'w-20'),
          expandable && 'hover:w-64 hover:shadow-2xl focus-within:w-64',
          theme.panel,
        )}
      >
        <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-3">
          <Link to={paths.home} onClick={chosen} className="flex min-h-11 items-center gap-2 font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
            {label('Breaktime')}
          </Link>
          <div className={mini ? cn('hidden', expandable && 'group-focus-within/sidebar:flex group-hover/sidebar:flex') : 'flex'}>
            {!narrow && !pinned && !folded && (
              <button
                type="button"
                onClick={onPin}
                aria-label={t('nav.pinSidebar')}
                className={cn('inline-flex size-11 items-center justify-center rounded-lg', theme.idle)}
              >
                <Icon name="pin" />
              </button>
            )}
            {(narrow || pinned) && (
              <button
                type="button"
                onClick={onClose}
                aria-label={t('nav.closeSidebar')}
                className={cn('inline-flex size-11 items-center justify-center rounded-lg', theme.idle)}
              >
                <Icon name="close" />
              </button>
            )}
          </div>
        </div>
        <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto px-3 pb-4">
          <ul className="space-y-1">
            {mainLinks
              .filter((item) => signedIn || !item.signedInOnly)
              .map(({ page, ...item }) =>
                renderLink({
                  ...item,
                  label: t(`pages.${page}`),
                  // Invitations waiting for an answer.
                  badge: item.to === paths.meetings && unanswered ? { count: unanswered, label: t('nav.unansweredInvitations', { count: unanswered }) } : undefined,
                }),
              )}
          </ul>
          <p
            className={cn(
              'mt-5 mb-2 px-3 text-xs font-bold tracking-wider uppercase',
              theme.muted,
              mini && 'sr-only',
              expandable && 'group-hover/sidebar:not-sr-only',
            )}
          >
            {groupHeading}
          </p>
          <ul className="space-y-1" aria-label={groupHeading}>
            {managementLinks.map(renderLink)}
          </ul>
          <div className={cn('my-4 h-px', type === 'dark' ? 'bg-white/10' : 'bg-slate-200 dark:bg-slate-800')} />
          <ul className="space-y-1">
            {signedIn && renderLink({ to: paths.settings, label: t('pages.profile'), icon: 'profile' })}
            {renderAction(t('nav.support'), 'support', 'contact')}
            {!signedIn && renderAction(t('nav.signIn'), 'signIn', 'signIn')}
            {!signedIn && renderAction(t('nav.signUp'), 'signUp', 'signUp')}
          </ul>
        </nav>
      </aside>
    </>
  );
}
