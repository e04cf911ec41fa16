/** Every route of the app in one place (spec §2). */
export const paths = {
  home: '/',
  authCallback: '/auth/callback',
  breaks: '/breaks',
  /** Another name of the Dashboard (`/breaks`), which the server's break-and-rest warnings link to. */
  dashboard: '/dashboard',
  tasks: '/tasks',
  archives: '/archives',
  leaves: '/leaves',
  leaveRequests: '/leaves/requests',
  calendar: '/calendar',
  meetings: '/meetings',
  administrators: '/administrators',
  onBreaks: '/on-breaks',
  onLeaves: '/on-leaves',
  workingTime: '/working-time',
  /** A month's timesheet on the Working time page (the timesheet notice mails link here). */
  workingTimeTimesheet: '/working-time/timesheets/:month',
  settings: '/settings',
  /** The API document in a viewer (lazy; linked from Settings > API tokens). */
  apiDocs: '/api/docs',
  about: '/about',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  deleteAccount: '/delete-account',
  signIn: '/signin',
  signUp: '/signup',
  faq: '/faq',
  faqAliases: ['/breaktime-faq', '/breaktime-frequently-asked-questions'],
  howToSchedule: '/how-to-schedule',
  verifyNewEmail: '/verify-new-email',
  verifyResetPassword: '/verify-reset-password',
  acceptEmailInvitation: '/accept-email-invitation',
  /** An email's unsubscribe link (public). */
  unsubscribe: '/unsubscribe',
  /** Not a route: the login-callback failure goes here and falls through to `/`. */
  login: '/login',
} as const;

/** Navigating to one of these while already on it is blocked (the link tokens are single-use). */
export const selfBlockedPaths: readonly string[] = [paths.verifyNewEmail, paths.verifyResetPassword, paths.acceptEmailInvitation];
