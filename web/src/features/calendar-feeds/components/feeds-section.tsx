import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useFeedActions, useFeeds, type CreatedFeed, type FeedScope } from '../api/feeds';

/** The section's anchor: Settings links here. */
export const SUBSCRIBE_ID = 'subscribe';

export const scopeLabels: Record<FeedScope, string> = { me: 'My leaves and meetings', team: "The team's absences" };

export const feedTexts = {
  shownOnce: 'Copy this address now: it will not be shown again.',
  secret: 'Anyone who has the address can read these leaves. Revoke the feed if it was shared by mistake.',
  copied: 'Address copied.',
  copyFailed: 'Copying did not work: select the address and copy it.',
  createFailed: 'The feed could not be created. Please try again later.',
  revokeFailed: 'The feed could not be revoked. Please try again later.',
} as const;

function NewFeed({ feed, onDone }: { feed: CreatedFeed; onDone: () => void }) {
  return (
    <section aria-label="New feed address" className="space-y-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900">
      <p className="font-semibold">{scopeLabels[feed.scope]}: your new feed</p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{feedTexts.shownOnce}</p>
      <CopyField label="Feed address" value={feed.url} copied={feedTexts.copied} copyFailed={feedTexts.copyFailed} />
      <p className="text-xs text-slate-700 dark:text-slate-300">{feedTexts.secret}</p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <h4 className="font-semibold">{title}</h4>
      <p className="text-slate-700 dark:text-slate-300">{children}</p>
    </li>
  );
}

/** How to add the address in the three common calendar apps. */
function HowToSubscribe() {
  return (
    <details className="rounded-xl bg-slate-50 px-4 py-1 text-sm dark:bg-slate-800/50">
      <summary className="cursor-pointer py-3 font-semibold">How to subscribe</summary>
      <ul className="space-y-3 pb-3">
        <Step title="Google Calendar">
          On a computer, open Google Calendar, press + next to <strong>Other calendars</strong>, choose <strong>From URL</strong>, paste the address and press{' '}
          <strong>Add calendar</strong>. It then shows on your phone too.
        </Step>
        <Step title="Outlook">
          In Outlook on the web or the new Outlook, choose <strong>Add calendar</strong>, then <strong>Subscribe from web</strong>, paste the address, give it a
          name and press <strong>Import</strong>.
        </Step>
        <Step title="Apple Calendar">
          On a Mac, choose <strong>File → New Calendar Subscription</strong>, paste the address and press <strong>Subscribe</strong>. On an iPhone or iPad, open{' '}
          <strong>Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar</strong> and paste it there.
        </Step>
      </ul>
      <p className="pb-3 text-xs text-slate-600 dark:text-slate-400">
        Calendar apps read a subscription every few hours, so a change can take a while to show.
      </p>
    </details>
  );
}

export interface FeedsSectionProps {
  /** Admins and HR may also subscribe to the whole team's leaves. */
  canCreateTeamFeed: boolean;
}

/**
 * Calendar feeds: a private address a calendar app subscribes to, with the caller's leaves (or, for admins and HR,
 * the team's). The address is shown once, when the feed is made; the list names the feeds and revokes them.
 */
export function FeedsSection({ canCreateTeamFeed }: FeedsSectionProps) {
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const alert = useAlert();
  const { hash } = useLocation();
  const { data: feeds, error, isLoading } = useFeeds();
  const actions = useFeedActions();
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const section = useRef<HTMLDivElement>(null);

  // Settings links to this section: bring it into view once the page is there.
  useEffect(() => {
    if (hash === `#${SUBSCRIBE_ID}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const create = async (scope: FeedScope) => {
    if (!requireAuth()) return;
    setBusy(true);
    setFormError(undefined);
    try {
      setCreated(await actions.create(scope));
    } catch (failure) {
      setFormError(errorMessage(failure, feedTexts.createFailed));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: string, scope: FeedScope) => {
    const confirmed = await alert({
      icon: 'warning',
      title: 'Revoke this feed?',
      text: 'Calendar apps subscribed to its address stop receiving the leaves. This cannot be undone.',
      confirmText: 'Yes, revoke it',
      cancelText: 'No, keep it',
      danger: true,
    });
    if (!confirmed || !requireAuth()) return;
    setBusy(true);
    try {
      await actions.revoke(id);
      if (created?.id === id) setCreated(null);
      toast.show({ message: `${scopeLabels[scope]}: feed revoked.`, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      toast.show({ title: 'Error!', message: errorMessage(failure, feedTexts.revokeFailed), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={section} id={SUBSCRIBE_ID} className="scroll-mt-20">
      <Card className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Subscribe in your calendar app</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            A private address your calendar app (Google Calendar, Outlook, Apple Calendar) reads by itself, so leaves show next to your other events and stay up
            to date. Your feed has your approved and pending leaves and your meetings
            {canCreateTeamFeed ? "; the team feed has everyone's approved leave (without reasons)." : '.'}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button disabled={busy} onClick={() => void create('me')}>
            Create my feed
          </Button>
          {canCreateTeamFeed && (
            <Button variant="secondary" disabled={busy} onClick={() => void create('team')}>
              Create team feed
            </Button>
          )}
        </div>
        <FormError>{formError}</FormError>
        {created && <NewFeed feed={created} onDone={() => setCreated(null)} />}

        <div>
          <h3 className="text-base font-semibold">Your feeds</h3>
          {isLoading ? (
            <Spinner label="Loading your feeds" />
          ) : error && !feeds ? (
            <FormError>{errorMessage(error, 'Your feeds could not be loaded. Please try again later.')}</FormError>
          ) : !feeds || feeds.length === 0 ? (
            <p className="py-2 text-sm text-slate-600 dark:text-slate-400">No feeds yet.</p>
          ) : (
            <ul aria-label="Your feeds" className="divide-y divide-slate-200 dark:divide-slate-800">
              {feeds.map((feed) => (
                <li key={feed.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{scopeLabels[feed.scope] ?? feed.scope}</span>
                    <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">created {formatDate(feed.createdAt)}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="compact"
                    disabled={busy}
                    aria-label={`Revoke ${scopeLabels[feed.scope] ?? feed.scope} feed created ${formatDate(feed.createdAt)}`}
                    onClick={() => void revoke(feed.id, feed.scope)}
                    className="text-red-700 dark:text-red-400"
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <HowToSubscribe />
      </Card>
    </div>
  );
}
