import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDialogs } from '@/lib/dialogs';
import { useProfile } from '../api/settings';
import { BreakTypesForm } from './break-types-form';
import { DeleteAccountSection } from './delete-account-section';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

function Section({ title, description, children, className }: { title: string; description?: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('space-y-4', className)}>
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {children}
    </Card>
  );
}

/**
 * Profile and settings (/settings): name, time zone, email, password, the team's break types, account deletion.
 * `notifications` is another feature's section, placed full width before the account deletion.
 */
export function SettingsPage({ notifications }: { notifications?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const { open } = useDialogs();
  const { data: profile, isLoading, error } = useProfile();

  if (!signedIn) {
    return (
      <Card className="text-center">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('settings.signedOut')}</p>
        <div className="mt-4 flex justify-center">
          <Button onClick={() => open('signIn')}>{t('settings.signIn')}</Button>
        </div>
      </Card>
    );
  }
  if (isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('settings.loading')} />
      </div>
    );
  }
  if (!profile) return <FormError>{errorMessage(error, t('settings.loadFailed'))}</FormError>;

  const isAdmin = profile.role === 'admin';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section
        title={t('settings.sections.profile')}
        description={t('settings.sections.roleOfTeam', { context: profile.role === 'admin' || profile.role === 'hr' ? profile.role : 'member' })}
      >
        {/* Remounted when the saved values change, so the form starts from them. */}
        <ProfileForm key={`${profile.name}|${profile.timeZone}`} profile={profile} />
      </Section>
      <Section title={t('settings.sections.email')} description={t('settings.sections.emailDescription')}>
        <EmailForm profile={profile} />
      </Section>
      <Section title={t('settings.sections.password')}>
        <PasswordForm profile={profile} />
      </Section>
      <Section title={t('settings.sections.breakTypes')} description={t('settings.sections.breakTypesDescription')}>
        <BreakTypesForm isAdmin={isAdmin} />
      </Section>
      {notifications && <div className="lg:col-span-2">{notifications}</div>}
      <Section title={t('settings.sections.deleteAccount')} className="ring-red-200 lg:col-span-2 dark:ring-red-900/60">
        <DeleteAccountSection profile={profile} />
      </Section>
    </div>
  );
}
