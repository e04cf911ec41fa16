import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
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
  const generic = hook.format === 'generic';

  return (
    <section
      aria-label="New webhook secret"
      className="min-w-0 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
    >
      <p className="font-semibold break-all">
        Webhook added: {shortUrl(hook.url)} ({formatLabels[hook.format as WebhookFormat] ?? hook.format})
      </p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{secretTexts.shownOnce}</p>
      <CopyField label="Signing secret" value={hook.secret} copied={secretTexts.copied} copyFailed={secretTexts.copyFailed} />
      {generic ? <HowToVerify /> : <p className="text-sm text-slate-700 dark:text-slate-300">{secretTexts.unsigned}</p>}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
