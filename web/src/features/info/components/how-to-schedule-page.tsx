import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Prose } from './prose';

export function HowToSchedulePage() {
  return (
    <Prose>
      <h2>Plan a focused day with Breaktime</h2>
      <p>
        Long stretches of work feel productive but wear attention down. A schedule with planned focus blocks and real breaks gets more done and leaves you less
        tired. Here is a simple routine that fits Breaktime&apos;s screens.
      </p>
      <h3>1. Start with the daily checklist (5 minutes)</h3>
      <p>
        Open Daily Checklist from the top bar and write the few things that must happen today. Keep each item short and concrete: &ldquo;Send the Q3 figures to
        Ana&rdquo;, not &ldquo;Finance&rdquo;.
      </p>
      <h3>2. Put tasks on the day they belong to</h3>
      <p>
        On <Link to={paths.tasks}>Tasks</Link>, give each piece of work a scheduled date, a priority and a status. Tasks scheduled for today appear in the Daily
        Agenda, so tomorrow&apos;s work stays out of today&apos;s way.
      </p>
      <h3>3. Block the meetings first</h3>
      <p>
        Add your meetings on <Link to={paths.meetings}>Meetings</Link>. What is left between them is your focus time; try to keep at least one uninterrupted
        block of 90 minutes.
      </p>
      <h3>4. Work in focus blocks with short breaks</h3>
      <ul>
        <li>
          <strong>50 / 10:</strong> fifty minutes of focused work, then a ten-minute break away from the screen.
        </li>
        <li>
          <strong>25 / 5 (Pomodoro):</strong> for tasks you keep putting off; after four rounds take a longer break of 15 to 30 minutes.
        </li>
        <li>
          <strong>90 / 20:</strong> for deep work such as writing or design.
        </li>
      </ul>
      <h3>5. Log your breaks as you take them</h3>
      <p>
        On the <Link to={paths.breaks}>Dashboard</Link>, log each break with its type and times, or just tell Break Buddy &ldquo;coffee break from 10:30 to
        10:45&rdquo;. At the end of the week, <Link to={paths.archives}>Archives | Reports</Link> shows how your time was spent.
      </p>
      <h3>6. Plan time off early</h3>
      <p>
        Record leaves on <Link to={paths.leaves}>Leaves</Link> as soon as you know them, so your team sees on Today&apos;s absentees who is away without having
        to ask.
      </p>
      <h3>A sample day</h3>
      <ul>
        <li>09:00 Daily checklist and email</li>
        <li>09:15 Focus block on the most important task</li>
        <li>10:45 Coffee break (15 min)</li>
        <li>11:00 Team meeting</li>
        <li>12:30 Lunch break (45 min)</li>
        <li>13:15 Focus block</li>
        <li>14:45 Short break (10 min)</li>
        <li>15:00 Meetings, reviews and smaller tasks</li>
        <li>16:45 Tick off the checklist and plan tomorrow</li>
      </ul>
    </Prose>
  );
}
