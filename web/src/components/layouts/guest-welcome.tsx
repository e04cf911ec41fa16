import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDialogs } from '@/lib/dialogs';

const features = [
  'Log your breaks with a tap, and see how long they took today.',
  'Keep your tasks, leaves, meetings and a daily checklist in one place.',
  'Ask Break Buddy, the in-app assistant, to fill in a record for you.',
  'See who on your team is on a break or away today.',
];

/** What a visitor sees on the Dashboard: what Breaktime is, and the way in. */
export function GuestWelcome() {
  const { open } = useDialogs();
  return (
    <Card className="mx-auto max-w-2xl">
      <h2 className="text-xl font-bold tracking-tight">Welcome to Breaktime</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Breaktime tracks your workday's breaks, tasks, leaves and meetings, for you and your team.</p>
      <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => open('signUp')}>Sign up</Button>
        <Button variant="secondary" onClick={() => open('signIn')}>
          Sign in
        </Button>
      </div>
    </Card>
  );
}
