import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { webhookMessages } from '../api/webhook-schema';
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
      title: 'Remove this webhook?',
      text: `Breaktime stops posting to ${short}. A hook added again gets a new secret.`,
      confirmText: 'Yes, remove it',
      cancelText: 'No, keep it',
      danger: true,
    });
    if (!confirmed || !requireAuth()) return;
    try {
      await removeHook(hook._id);
      if (created?._id === hook._id) setCreated(null);
      toast.show({ message: `The webhook to ${short} was removed.`, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      // Someone else removed it first: the list catches up.
      if (failure instanceof ApiError && failure.status === 404) {
        void mutate();
        toast.show({ message: `The webhook to ${short} was already removed.`, variant: 'info', duration: SHORT_TOAST_MS });
        return;
      }
      toast.show({ title: 'Error!', message: errorMessage(failure, webhookMessages.removeFailed), variant: 'error' });
    }
  };

  return (
    <Card className="min-w-0 space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Team chat</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Post approved leaves, a daily &ldquo;who is off today&rdquo; and, if your team wants it, breaks to a chat channel or your own receiver.
        </p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the webhooks" />
        </div>
      ) : error && !hooks ? (
        <FormError>{errorMessage(error, webhookMessages.loadFailed)}</FormError>
      ) : (
        <WebhookList hooks={hooks ?? []} onRemove={(hook) => void remove(hook)} busy={removing} />
      )}
      {created && <NewWebhookSecret hook={created} onDone={() => setCreated(null)} />}
      <AddWebhookForm onAdded={setCreated} />
    </Card>
  );
}
