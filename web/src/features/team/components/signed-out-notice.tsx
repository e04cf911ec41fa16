import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDialogs } from '@/lib/dialogs';

/** The team views show people's names: signed out, they only offer to sign in. `message` says what signing in shows. */
export function SignedOutNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  return (
    <Card className="text-center">
      <p className="text-sm text-slate-700 dark:text-slate-300">{message}</p>
      <div className="mt-4 flex justify-center">
        <Button onClick={() => open('signIn')}>{t('team.signedOut.signIn')}</Button>
      </div>
    </Card>
  );
}
