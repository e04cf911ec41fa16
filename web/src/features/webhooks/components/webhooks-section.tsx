import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { useRemoveWebhook, useWebhooks, type CreatedWebhook, type Webhook } from '../api/webhooks';
import { AddWebhookForm } from './add-webhook-form';
import { NewWebhookSecret } from './new-webhook-secret';
import { shortUrl, WebhookList } from './webhook-list';

/**
 * Team chat, for admins (in the Admin Panel): the hooks Breaktime posts the team's events to (Slack-compatible,
 * Microsoft Teams, or generic signed JSON), how each one's last delivery went, and a form to add one. A new hook's
 * secret is shown once, in this component's state only.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const alert = useAlert();
  const { data: hooks, error, isLoading, mutate } = useWebhooks();
  const { trigger: removeHook, isMutating: removing } = useRemoveWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  const remove = async (hook: Webhook) => {
    const short = shortUrl(hook.url);
    const confirmed = await alert({
      icon: 'warning',
      title: t('webhooks.remove.question'),
      text: t('webhooks.remove.text', { url: short }),
      confirmText: t('webhooks.remove.confirm'),
      cancelText: t('webhooks.remove.keep'),
      danger: true,
    });
    if (!confirmed || !requireAuth()) return;
    try {
      await removeHook(hook._id);
      if (created?._id === hook._id) setCreated(null);
      toast.show({ message: t('webhooks.remove.removed', { url: short }), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      // Someone else removed it first: the list catches up.
      if (failure instanceof ApiError && failure.status === 404) {
        void mutate();
        toast.show({ message: t('webhooks.remove.alreadyRemoved', { url: short }), variant: 'info', duration: SHORT_TOAST_MS });
        return;
      }
      toast.show({ title: t('webhooks.errorTitle'), message: errorMessage(failure, t('webhooks.remove.failed')), variant: 'error' });
    }
  };

  return (
    <Card className="min-w-0 space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{t('webhooks.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('webhooks.description')}</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('webhooks.loading')} />
        </div>
      ) : error && !hooks ? (
        <FormError>{errorMessage(error, t('webhooks.loadFailed'))}</FormError>
      ) : (
        <WebhookList hooks={hooks ?? []} onRemove={(hook) => void remove(hook)} busy={removing} />
      )}
      {created && <NewWebhookSecret hook={created} onDone={() => setCreated(null)} />}
      <AddWebhookForm onAdded={setCreated} />
    </Card>
  );
}
