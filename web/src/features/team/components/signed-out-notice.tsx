import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDialogs } from '@/lib/dialogs';

/** The team views show people's names: signed out, they only offer to sign in. */
export function SignedOutNotice({ what }: { what: string }) {
  const { open } = useDialogs();
  return (
    <Card className="text-center">
      <p className="text-sm text-slate-700 dark:text-slate-300">Sign in to see {what}.</p>
      <div className="mt-4 flex justify-center">
        <Button onClick={() => open('signIn')}>Sign in</Button>
      </div>
    </Card>
  );
}
