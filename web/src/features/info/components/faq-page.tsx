import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

const questions: Array<{ q: string; a: ReactNode }> = [
  {
    q: 'What is Breaktime?',
    a: 'A web app to log your breaks, plan tasks, record leaves, schedule meetings and keep a daily checklist, alone or with a team. It also has an assistant, Break Buddy, that fills in records from plain sentences.',
  },
  {
    q: 'Do I need an account?',
    a: 'You can look around without one, and the contact form works signed out. To save anything you need to sign in: saving while signed out opens the sign-in dialog.',
  },
  {
    q: 'I signed up but cannot sign in.',
    a: 'Your email address has to be verified first. Open the link in the email we sent you. If it did not arrive, try to sign in: Breaktime will offer to resend the verification email. Check your spam folder too.',
  },
  {
    q: 'I forgot my password.',
    a: 'In the sign-in dialog choose “Forgot password?”, enter your email and follow the link we send. The link lets you choose a new password of 6 to 20 characters.',
  },
  {
    q: 'Why was I signed out?',
    a: 'Each sign-in lasts up to 7 days, and Breaktime renews it in the background while you use it. Signing out, changing your password or clearing your browser data ends it sooner. If you see “logout and login again or clear your browser history”, do just that.',
  },
  {
    q: 'How is a break’s duration counted?',
    a: 'From its start to its end time, in minutes. If the end is earlier than the start, the break is counted as running past midnight. A break must be longer than 0 minutes and at most 8 hours.',
  },
  {
    q: 'Who can see my breaks and leaves?',
    a: (
      <>
        Your records are yours. Your team sees who is on a break right now and who is away today. See the <Link to={paths.privacyPolicy}>privacy policy</Link>{' '}
        for details.
      </>
    ),
  },
  {
    q: 'How do I install Breaktime as an app?',
    a: 'On Android and desktop Chrome or Edge, use the Install button in the banner (or the browser’s install icon). On iPhone and iPad, open Breaktime in Safari, tap Share, then “Add to Home Screen”.',
  },
  {
    q: 'Does it work offline?',
    a: 'The installed app opens without a connection and shows its screens; saving and loading records needs the network.',
  },
  {
    q: 'How do I join my team?',
    a: 'An administrator invites you by email. Open the invitation link, sign in with the invited address, and you are in.',
  },
  {
    q: 'How do I delete my account?',
    a: (
      <>
        Go to <Link to={paths.deleteAccount}>Delete Account</Link>, sign in and confirm with your password.
      </>
    ),
  },
  {
    q: 'Where do I report a problem or suggest a feature?',
    a: (
      <>
        Use “Support | Feedback” in the side navigation or the <Link to={paths.contact}>contact page</Link>.
      </>
    ),
  },
];

export function FaqPage() {
  return (
    <Card className="mx-auto max-w-3xl">
      <h2 className="mb-4 text-xl font-semibold">Frequently asked questions</h2>
      <div className="divide-y divide-slate-200 dark:divide-slate-700">
        {questions.map(({ q, a }) => (
          <details key={q} className="group py-1">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 py-2 font-medium">
              {q}
              <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="pb-3 text-[15px] leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-500">
              {a}
            </div>
          </details>
        ))}
      </div>
    </Card>
  );
}
