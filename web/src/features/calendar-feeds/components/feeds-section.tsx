import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { t as translate } from '@/lib/i18n';
import { useFeedActions, useFeeds, type CreatedFeed, type FeedScope } from '../api/feeds';

/** The section's anchor: Settings links here. */
export const SUBSCRIBE_ID = 'subscribe';

/** 'My leaves and meetings' or "The team's absences". */
export const scopeLabel = (scope: FeedScope): string => (scope === 'me' || scope === 'team' ? translate(`feeds.scope.${scope}`) : scope);

/** The section's messages, read when shown. */
export const feedTexts = {
  get shownOnce() {
    return translate('feeds.shownOnce');
  },
  get secret() {
    return translate('feeds.secret');
  },
  get copied() {
    return translate('feeds.copied');
  },
  get copyFailed() {
    return translate('feeds.copyFailed');
  },
  get createFailed() {
    return translate('feeds.createFailed');
  },
  get revokeFailed() {
    return translate('feeds.revokeFailed');
  },
};

function NewFeed({ feed, onDone }: { feed: CreatedFeed; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('feeds.newAddress')} className="space-y-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900">
      <p className="font-semibold">{t('feeds.newFeed', { scope: scopeLabel(feed.scope) })}</p>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{feedTexts.shownOnce}</p>
      <CopyField label={t('feeds.address')} value={feed.url} copied={feedTexts.copied} copyFailed={feedTexts.copyFailed} />
      <p className="text-xs text-slate-700 dark:text-slate-300">{feedTexts.secret}</p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('feeds.done')}
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
  const { t } = useTranslation();
  const strong = { strong: <strong /> };
  return (
    <details className="rounded-xl bg-slate-50 px-4 py-1 text-sm dark:bg-slate-800/50">
      <summary className="cursor-pointer py-3 font-semibold">{t('feeds.howTo.title')}</summary>
      <ul className="space-y-3 pb-3">
        {(['google', 'outlook', 'apple'] as const).map((app) => (
          <Step key={app} title={t(`feeds.howTo.${app}.title`)}>
            <Trans i18nKey={`feeds.howTo.${app}.steps`} components={strong} />
          </Step>
        ))}
      </ul>
      <p className="pb-3 text-xs text-slate-600 dark:text-slate-400">{t('feeds.howTo.delay')}</p>
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
  const { t } = useTranslation();
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
      title: t('feeds.revoke.question'),
      text: t('feeds.revoke.text'),
      confirmText: t('feeds.revoke.confirm'),
      cancelText: t('feeds.revoke.keep'),
      danger: true,
    });
    if (!confirmed || !requireAuth()) return;
    setBusy(true);
    try {
      await actions.revoke(id);
      if (created?.id === id) setCreated(null);
      toast.show({ message: t('feeds.revoke.done', { scope: scopeLabel(scope) }), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      toast.show({ title: t('feeds.errorTitle'), message: errorMessage(failure, feedTexts.revokeFailed), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={section} id={SUBSCRIBE_ID} className="scroll-mt-20">
      <Card className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">{t('feeds.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{canCreateTeamFeed ? t('feeds.introWithTeam') : t('feeds.intro')}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button disabled={busy} onClick={() => void create('me')}>
            {t('feeds.createMine')}
          </Button>
          {canCreateTeamFeed && (
            <Button variant="secondary" disabled={busy} onClick={() => void create('team')}>
              {t('feeds.createTeam')}
            </Button>
          )}
        </div>
        <FormError>{formError}</FormError>
        {created && <NewFeed feed={created} onDone={() => setCreated(null)} />}

        <div>
          <h3 className="text-base font-semibold">{t('feeds.list.title')}</h3>
          {isLoading ? (
            <Spinner label={t('feeds.list.loading')} />
          ) : error && !feeds ? (
            <FormError>{errorMessage(error, t('feeds.list.loadFailed'))}</FormError>
          ) : !feeds || feeds.length === 0 ? (
            <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{t('feeds.list.empty')}</p>
          ) : (
            <ul aria-label={t('feeds.list.title')} className="divide-y divide-slate-200 dark:divide-slate-800">
              {feeds.map((feed) => (
                <li key={feed.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{scopeLabel(feed.scope)}</span>
                    <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">{t('feeds.list.created', { date: formatDate(feed.createdAt) })}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="compact"
                    disabled={busy}
                    aria-label={t('feeds.list.revokeLabel', { scope: scopeLabel(feed.scope), date: formatDate(feed.createdAt) })}
                    onClick={() => void revoke(feed.id, feed.scope)}
                    className="text-red-700 dark:text-red-400"
                  >
                    {t('feeds.list.revoke')}
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
