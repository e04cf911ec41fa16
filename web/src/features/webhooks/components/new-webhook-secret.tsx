import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { formatLabels } from '../api/webhook-schema';
import type { CreatedWebhook, WebhookFormat } from '../api/webhooks';
import { shortUrl } from './webhook-list';

export const secretTexts = {
  shownOnce: 'Copy this secret now: it will not be shown again.',
  unsigned: 'Slack-compatible and Teams posts are not signed, so the chat does not need it.',
  copied: 'Secret copied.',
  copyFailed: 'Copying did not work: select the secret and copy it.',
} as const;

/** How a generic hook's receiver checks a post (docs/api.md, Team chat). */
function HowToVerify() {
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <h4 className="font-semibold text-slate-900 dark:text-slate-100">How to verify</h4>
      <p>
        Each post carries <code className="break-all">Breaktime-Signature: t=…,v1=…</code>. Compute the HMAC-SHA256 of{' '}
        <code>&quot;&lt;t&gt;.&lt;body&gt;&quot;</code> (the raw body) keyed with the whole secret, <code>whsec_</code> included, and compare its hex with{' '}
        <code>v1</code> in constant time. Refuse a <code>t</code> more than five minutes off.
      </p>
      <p>
        A failed post is tried again with the same <code>Breaktime-Event-Id</code>: drop an id you have already handled.
      </p>
    </div>
  );
}

/** The secret of a hook just added, once: copy it, then Done forgets it. */
export function NewWebhookSecret({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const generic = hook.format === 'generic';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hook.secret);
      toast.show({ message: secretTexts.copied, variant: 'success', duration: SHORT_TOAST_MS });
    } catch {
      field.current?.select();
      toast.show({ message: secretTexts.copyFailed, variant: 'warning' });
    }
  };

  return (
    <section
      aria-label="New webhook secret"
      className="min-w-0 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
    >
      <p className="font-semibold break-all">
        Webhook added: {shortUrl(hook.url)} ({formatLabels[hook.format as WebhookFormat] ?? hook.format})
      </p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{secretTexts.shownOnce}</p>
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          Signing secret
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={field}
            id={id}
            readOnly
            value={hook.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <Button onClick={() => void copy()} className="shrink-0">
            Copy
          </Button>
        </div>
      </div>
      {generic ? <HowToVerify /> : <p className="text-sm text-slate-700 dark:text-slate-300">{secretTexts.unsigned}</p>}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
