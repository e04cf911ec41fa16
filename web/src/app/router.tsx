import { lazy, useState, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppShell, type RouteHandle } from './layout/app-shell';
import { RouteError } from './layout/route-error';

/** Each page element's loader, for {@link preloadPage}. */
const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * Every page is its own chunk, loaded when first visited. A page whose chunk is already here (see
 * {@link preloadPage}) renders at once, without a turn through the loading spinner. `prepare`, where given, runs once
 * the chunk is here and before the page is first drawn.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, prepare?: (module: M) => Promise<void>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      async (module) => {
        // What the page's first screen will need, in tasks of its own before it is drawn; never a reason not to draw.
        await prepare?.(module).catch(() => undefined);
        return (loaded = pick(module));
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the component itself would remount the page.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  const element = <Page />;
  loaders.set(element, preload);
  return element;
}

/** `/dashboard?…` to the Dashboard (`/breaks`), its query and hash kept (`?action=start-break`). */
function DashboardAlias() {
  const { search, hash } = useLocation();
  return <Navigate to={`${paths.breaks}${search}${hash}`} replace />;
}

/** A page's title: its key under `pages` in the catalogues, read in the person's language as the page is shown. */
const titled = (page: string): RouteHandle => ({ title: `pages.${page}` });

const faq = () =>
  page(
    () => import('@/features/info/components/faq-page'),
    (m) => m.FaqPage,
  );

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <Navigate to={paths.breaks} replace /> },
      { path: paths.dashboard, element: <DashboardAlias /> },
      {
        path: paths.authCallback,
        handle: titled('signingIn'),
        element: page(
          () => import('@/features/auth/components/auth-callback-page'),
          (m) => m.AuthCallbackPage,
        ),
      },

      // Record screens.
      {
        path: paths.breaks,
        handle: titled('dashboard'),
        element: page(
          () => import('./routes/breaks'),
          (m) => m.BreaksRoute,
        ),
      },
      {
        path: paths.tasks,
        handle: titled('tasks'),
        element: page(
          () => import('./routes/tasks'),
          (m) => m.TasksRoute,
        ),
      },
      {
        path: paths.archives,
        handle: titled('archives'),
        element: page(
          () => import('./routes/archives'),
          (m) => m.ArchivesRoute,
          (m) => m.prepare(),
        ),
      },
      {
        path: paths.workingTime,
        handle: titled('workingTime'),
        element: page(
          () => import('./routes/working-time'),
          (m) => m.WorkingTimeRoute,
        ),
      },
      {
        path: paths.workingTimeTimesheet,
        handle: titled('workingTime'),
        element: page(
          () => import('./routes/working-time'),
          (m) => m.WorkingTimeRoute,
        ),
      },
      {
        path: paths.leaves,
        handle: titled('leaves'),
        element: page(
          () => import('./routes/leaves'),
          (m) => m.LeavesRoute,
        ),
      },
      {
        path: paths.leaveRequests,
        handle: titled('leaveRequests'),
        element: page(
          () => import('./routes/leave-requests'),
          (m) => m.LeaveRequestsRoute,
        ),
      },
      {
        path: paths.calendar,
        handle: titled('calendar'),
        element: page(
          () => import('./routes/calendar'),
          (m) => m.CalendarRoute,
        ),
      },
      {
        path: paths.meetings,
        handle: titled('meetings'),
        element: page(
          () => import('./routes/meetings'),
          (m) => m.MeetingsRoute,
        ),
      },
      {
        path: paths.administrators,
        handle: titled('teamMembers'),
        element: page(
          () => import('./routes/administrators'),
          (m) => m.AdministratorsRoute,
        ),
      },
      {
        path: paths.onBreaks,
        handle: titled('onBreak'),
        element: page(
          () => import('./routes/on-breaks'),
          (m) => m.OnBreaksRoute,
        ),
      },
      {
        path: paths.onLeaves,
        handle: titled('onLeave'),
        element: page(
          () => import('./routes/on-leaves'),
          (m) => m.OnLeavesRoute,
        ),
      },
      {
        path: paths.settings,
        handle: titled('profile'),
        element: page(
          () => import('./routes/settings'),
          (m) => m.SettingsRoute,
        ),
      },

      {
        path: paths.apiDocs,
        handle: { title: 'apiTokens.docs.title' },
        element: page(
          () => import('@/features/api-docs/components/api-docs-page'),
          (m) => m.ApiDocsPage,
        ),
      },

      // Information and account pages.
      {
        path: paths.about,
        handle: titled('about'),
        element: page(
          () => import('@/features/info/components/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: paths.contact,
        handle: titled('contact'),
        element: page(
          () => import('@/features/contact/components/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: paths.privacyPolicy,
        handle: titled('privacyPolicy'),
        element: page(
          () => import('@/features/info/components/privacy-policy-page'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: paths.deleteAccount,
        handle: titled('deleteAccount'),
        element: page(
          () => import('@/features/account/components/delete-account-page'),
          (m) => m.DeleteAccountPage,
        ),
      },
      { path: paths.faq, handle: titled('faq'), element: faq() },
      ...paths.faqAliases.map((path) => ({ path, handle: titled('faq'), element: faq() })),
      {
        path: paths.howToSchedule,
        handle: titled('howToSchedule'),
        element: page(
          () => import('@/features/info/components/how-to-schedule-page'),
          (m) => m.HowToSchedulePage,
        ),
      },

      // Sign-in pages and email links.
      {
        path: paths.signIn,
        handle: titled('signIn'),
        element: page(
          () => import('@/features/auth/components/auth-pages'),
          (m) => m.SignInPage,
        ),
      },
      {
        path: paths.signUp,
        handle: titled('signUp'),
        element: page(
          () => import('@/features/auth/components/auth-pages'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: paths.verifyNewEmail,
        handle: titled('verifyEmail'),
        element: page(
          () => import('@/features/auth/components/verify-new-email-page'),
          (m) => m.VerifyNewEmailPage,
        ),
      },
      {
        path: paths.verifyResetPassword,
        handle: titled('resetPassword'),
        element: page(
          () => import('@/features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: paths.acceptEmailInvitation,
        handle: titled('teamInvitation'),
        element: page(
          () => import('@/features/team/components/accept-invitation-page'),
          (m) => m.AcceptInvitationPage,
        ),
      },
      {
        path: paths.unsubscribe,
        handle: titled('unsubscribe'),
        element: page(
          () => import('@/features/notifications/components/unsubscribe-page'),
          (m) => m.UnsubscribePage,
        ),
      },

      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;

/**
 * Starts loading the chunk of the page at `pathname` (the home page redirects to the Dashboard), so the first render
 * can draw it at once. Never rejects: a failed load is the page's own error, met again when it renders.
 */
export function preloadPage(pathname: string): Promise<void> {
  const target = pathname === paths.home ? paths.breaks : pathname;
  // Page paths have no parameters: looked up as they are, without matchRoutes ranking every route (which the router
  // does again as it starts) on the first load's main thread.
  const element = routes[0]?.children?.find((route) => route.path === target)?.element ?? matchRoutes(routes, target)?.at(-1)?.route.element;
  const load = element ? loaders.get(element as ReactElement) : undefined;
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
