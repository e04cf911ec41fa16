import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppShell, type RouteHandle } from './layout/app-shell';
import { RouteError } from './layout/route-error';

/** Every page is its own chunk, loaded when first visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return <Page />;
}

const titled = (title: string): RouteHandle => ({ title });

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
      {
        path: paths.authCallback,
        handle: titled('Signing in'),
        element: page(
          () => import('@/features/auth/components/auth-callback-page'),
          (m) => m.AuthCallbackPage,
        ),
      },

      // Record screens.
      {
        path: paths.breaks,
        handle: titled('Dashboard'),
        element: page(
          () => import('./routes/breaks'),
          (m) => m.BreaksRoute,
        ),
      },
      {
        path: paths.tasks,
        handle: titled('Tasks'),
        element: page(
          () => import('./routes/tasks'),
          (m) => m.TasksRoute,
        ),
      },
      {
        path: paths.archives,
        handle: titled('Archives | Reports'),
        element: page(
          () => import('./routes/archives'),
          (m) => m.ArchivesRoute,
        ),
      },
      {
        path: paths.leaves,
        handle: titled('Leaves'),
        element: page(
          () => import('./routes/leaves'),
          (m) => m.LeavesRoute,
        ),
      },
      {
        path: paths.leaveRequests,
        handle: titled('Leave requests'),
        element: page(
          () => import('./routes/leave-requests'),
          (m) => m.LeaveRequestsRoute,
        ),
      },
      {
        path: paths.calendar,
        handle: titled('Team calendar'),
        element: page(
          () => import('./routes/calendar'),
          (m) => m.CalendarRoute,
        ),
      },
      {
        path: paths.meetings,
        handle: titled('Meetings'),
        element: page(
          () => import('./routes/meetings'),
          (m) => m.MeetingsRoute,
        ),
      },
      {
        path: paths.administrators,
        handle: titled('Admin Panel'),
        element: page(
          () => import('./routes/administrators'),
          (m) => m.AdministratorsRoute,
        ),
      },
      {
        path: paths.onBreaks,
        handle: titled('Currently on break'),
        element: page(
          () => import('./routes/on-breaks'),
          (m) => m.OnBreaksRoute,
        ),
      },
      {
        path: paths.onLeaves,
        handle: titled('Today Absentees'),
        element: page(
          () => import('./routes/on-leaves'),
          (m) => m.OnLeavesRoute,
        ),
      },
      {
        path: paths.settings,
        handle: titled('Profile'),
        element: page(
          () => import('./routes/settings'),
          (m) => m.SettingsRoute,
        ),
      },

      // Information and account pages.
      {
        path: paths.about,
        handle: titled('About'),
        element: page(
          () => import('@/features/info/components/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: paths.contact,
        handle: titled('Contact'),
        element: page(
          () => import('@/features/contact/components/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: paths.privacyPolicy,
        handle: titled('Privacy Policy'),
        element: page(
          () => import('@/features/info/components/privacy-policy-page'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: paths.deleteAccount,
        handle: titled('Delete Account'),
        element: page(
          () => import('@/features/account/components/delete-account-page'),
          (m) => m.DeleteAccountPage,
        ),
      },
      { path: paths.faq, handle: titled('FAQ'), element: faq() },
      ...paths.faqAliases.map((path) => ({ path, handle: titled('FAQ'), element: faq() })),
      {
        path: paths.howToSchedule,
        handle: titled('How to schedule'),
        element: page(
          () => import('@/features/info/components/how-to-schedule-page'),
          (m) => m.HowToSchedulePage,
        ),
      },

      // Sign-in pages and email links.
      {
        path: paths.signIn,
        handle: titled('Sign In'),
        element: page(
          () => import('@/features/auth/components/auth-pages'),
          (m) => m.SignInPage,
        ),
      },
      {
        path: paths.signUp,
        handle: titled('Sign Up'),
        element: page(
          () => import('@/features/auth/components/auth-pages'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: paths.verifyNewEmail,
        handle: titled('Verify Email'),
        element: page(
          () => import('@/features/auth/components/verify-new-email-page'),
          (m) => m.VerifyNewEmailPage,
        ),
      },
      {
        path: paths.verifyResetPassword,
        handle: titled('Reset Password'),
        element: page(
          () => import('@/features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: paths.acceptEmailInvitation,
        handle: titled('Team Invitation'),
        element: page(
          () => import('@/features/team/components/accept-invitation-page'),
          (m) => m.AcceptInvitationPage,
        ),
      },

      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
