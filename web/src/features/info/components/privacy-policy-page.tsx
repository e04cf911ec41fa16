import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Prose } from './prose';

export function PrivacyPolicyPage() {
  return (
    <Prose>
      <p className="text-sm">Effective 08/20/2024</p>
      <h2>The short version</h2>
      <p>
        Breaktime stores what you type into it so it can show it back to you and your team. We do not sell your data, we do not show ads, and we do not track
        you across other sites.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, your email address and a salted hash of your password (never the password itself). If you sign in with
          GitHub or Google we receive your name and email address from them, nothing else.
        </li>
        <li>
          <strong>Your records:</strong> breaks, tasks, leaves, meetings and checklist items, with the times and text you enter.
        </li>
        <li>
          <strong>Messages:</strong> what you send through the contact form, with the email address you give.
        </li>
        <li>
          <strong>Assistant questions:</strong> the text you send to Break Buddy, to produce its answer. Your chat history is kept in your own browser, not on
          our servers.
        </li>
        <li>
          <strong>Technical data:</strong> request logs (time, address, path and status) kept for up to 30 days to keep the service secure and working.
        </li>
      </ul>
      <h2>Cookies and local storage</h2>
      <p>
        Breaktime uses a few first-party cookies to keep you signed in: <code>access_token</code> (8 hours), <code>refresh_token</code>, <code>id</code>,{' '}
        <code>name</code> and <code>email</code> (7 days), and <code>rememberMe</code> (7 days, only if you tick &ldquo;Remember me&rdquo;, to fill in your
        email next time). Your display preferences (sidebar, dark mode, layout) and whether you installed the app are kept in your browser&apos;s local storage.
        There are no advertising or analytics cookies.
      </p>
      <h2>Who can see your data</h2>
      <p>
        You can see all your records. Members of your team can see whether you are on a break or away today, and administrators or HR staff of your team can see
        the team list. Our service runs on Amazon Web Services, which stores the data on our behalf; emails are delivered through Amazon SES.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep your account and records while your account exists. Links in our emails expire after a short time. When you{' '}
        <Link to={paths.deleteAccount}>delete your account</Link>, your records are deleted at once and disappear from backups within 30 days.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your data in the app, delete your account at any time, and ask us for a copy of your data or any other question through the{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>
      <h2>Changes</h2>
      <p>If we change this policy in a way that matters, we will update the date above and tell signed-in users in the app.</p>
    </Prose>
  );
}
