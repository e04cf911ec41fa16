import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Checkbox, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { useSetSsoRequired, useSsoSetting } from '../api/sso';

/**
 * Single sign-on, for admins (in the Admin Panel): whether the team's members must sign in with the company's
 * identity provider. Admins keep their password, so a provider that is down never locks the team out.
 */
export function SsoSection() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { data: setting, error, isLoading } = useSsoSetting();
  const { trigger: setRequired, isMutating } = useSetSsoRequired();

  const change = async (required: boolean) => {
    if (!requireAuth()) return;
    try {
      // The box follows the click at once; a failure puts it back.
      await setRequired(required, { optimisticData: (current) => ({ available: current?.available ?? true, required }) });
      toast.show({ message: t(required ? 'sso.admin.requiredOn' : 'sso.admin.requiredOff'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      toast.show({ title: t('sso.admin.errorTitle'), message: errorMessage(failure, t('sso.admin.saveFailed')), variant: 'error' });
    }
  };

  return (
    <Card className="min-w-0 space-y-3">
      <div>
        <h2 className="text-lg font-semibold">{t('sso.admin.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('sso.admin.description')}</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-4">
          <Spinner label={t('sso.admin.loading')} />
        </div>
      ) : error && !setting ? (
        <FormError>{errorMessage(error, t('sso.admin.loadFailed'))}</FormError>
      ) : setting ? (
        <div className="space-y-1">
          <Checkbox
            label={t('sso.admin.require')}
            checked={setting.required}
            disabled={isMutating || (!setting.available && !setting.required)}
            aria-busy={isMutating || undefined}
            onChange={(event) => void change(event.target.checked)}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400">{t(setting.available ? 'sso.admin.requireHint' : 'sso.admin.notConfigured')}</p>
        </div>
      ) : null}
    </Card>
  );
}
