import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDialogs } from '@/lib/dialogs';

/** What Breaktime offers, by key under `shell.welcome.features`. */
const features = ['breaks', 'records', 'assistant', 'team'] as const;

/** What a visitor sees on the Dashboard: what Breaktime is, and the way in. */
export function GuestWelcome() {
  const { t } = useTranslation();
  const { open } = useDialogs();
  return (
    <Card className="mx-auto max-w-2xl">
      <h2 className="text-xl font-bold tracking-tight">{t('shell.welcome.title')}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('shell.welcome.intro')}</p>
      <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {features.map((feature) => (
          <li key={feature}>{t(`shell.welcome.features.${feature}`)}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => open('signUp')}>{t('shell.welcome.signUp')}</Button>
        <Button variant="secondary" onClick={() => open('signIn')}>
          {t('shell.welcome.signIn')}
        </Button>
      </div>
    </Card>
  );
}
