import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAlert } from '@/components/ui/alert-dialog';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { useRevokeToken, useTokens, type ApiToken, type CreatedToken } from '../api/tokens';
import { CreateTokenForm } from './create-token-form';
import { NewTokenSecret } from './new-token-secret';
import { TokenList } from './token-list';

/**
 * Settings > API tokens: the person's personal tokens for their own scripts, a form to create one, and a link to the
 * API's documentation. A new token's secret is shown once, in this component's state only.
 */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const alert = useAlert();
  const { data: tokens, error, isLoading, mutate } = useTokens();
  const { trigger: revokeToken, isMutating: revoking } = useRevokeToken();
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const revoke = async (token: ApiToken) => {
    const confirmed = await alert({
      icon: 'warning',
      title: t('apiTokens.revoke.question'),
      text: t('apiTokens.revoke.text', { name: token.name }),
      confirmText: t('apiTokens.revoke.confirm'),
      cancelText: t('apiTokens.revoke.keep'),
      danger: true,
    });
    if (!confirmed || !requireAuth()) return;
    try {
      await revokeToken(token.id);
      if (created?.id === token.id) setCreated(null);
      toast.show({ message: t('apiTokens.revoke.revoked', { name: token.name }), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      // Revoked elsewhere first: the list catches up.
      if (failure instanceof ApiError && failure.status === 404) {
        void mutate();
        toast.show({ message: t('apiTokens.revoke.alreadyRevoked', { name: token.name }), variant: 'info', duration: SHORT_TOAST_MS });
        return;
      }
      toast.show({ title: t('apiTokens.errorTitle'), message: errorMessage(failure, t('apiTokens.revoke.failed')), variant: 'error' });
    }
  };

  return (
    <Card className="min-w-0 space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{t('apiTokens.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('apiTokens.description')}{' '}
          <Link to={paths.apiDocs} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
            {t('apiTokens.docsLink')}
          </Link>
        </p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('apiTokens.loading')} />
        </div>
      ) : error && !tokens ? (
        <FormError>{errorMessage(error, t('apiTokens.loadFailed'))}</FormError>
      ) : (
        <TokenList tokens={tokens ?? []} onRevoke={(token) => void revoke(token)} busy={revoking} />
      )}
      {created && <NewTokenSecret token={created} onDone={() => setCreated(null)} />}
      <CreateTokenForm onCreated={setCreated} />
    </Card>
  );
}
