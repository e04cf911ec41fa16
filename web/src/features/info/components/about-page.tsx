import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Prose } from './prose';

export function AboutPage() {
  return (
    <Prose>
      <h2>Breaktime keeps the working day honest, for you and your team</h2>
      <p>
        Breaktime is an open-source web app for the small things that make up a working day: the breaks you take, the tasks you plan, the days you are away, the
        meetings on your calendar and the checklist you run every morning. Everything sits on one dashboard, so at the end of the day you can see where the time
        went.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>
          <strong>Log breaks</strong> with a type (lunch, coffee, a short break and more), a reason, and start and end times. Breaktime works out the duration,
          and an end time earlier than the start counts as after midnight.
        </li>
        <li>
          <strong>Plan tasks</strong> with a status and a priority, scheduled for a day, and archive them into reports.
        </li>
        <li>
          <strong>Record leaves</strong> from one date to another; the number of days is counted for you.
        </li>
        <li>
          <strong>Schedule meetings</strong> and see today&apos;s and upcoming ones at a glance.
        </li>
        <li>
          <strong>Keep a daily checklist</strong> that you tick off during the day.
        </li>
        <li>
          <strong>Ask Break Buddy</strong>, the in-app assistant, in plain words (&ldquo;I took lunch from 12:30 to 13:15&rdquo;) and it proposes a filled-in
          record for you to check and save.
        </li>
      </ul>
      <h2>For teams</h2>
      <p>
        Team members can see who is on a break right now and who is away today, so nobody has to ask around. Administrators and HR staff invite people by email
        and see the team in Team Members.
      </p>
      <h2>Works where you are</h2>
      <p>
        Breaktime runs in any modern browser and can be installed as an app on your phone or computer. Its screens work on small phones, it has a dark mode, and
        the app shell opens even when your connection drops.
      </p>
      <h2>Open source</h2>
      <p>
        The code is public, so anyone can read how Breaktime handles their data, suggest a change or run their own copy. Found a bug or have an idea?{' '}
        <Link to={paths.contact}>Tell us</Link>, or read the <Link to={paths.faq}>FAQ</Link> first.
      </p>
    </Prose>
  );
}
