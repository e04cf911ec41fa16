import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useInstallBanner } from '../hooks/use-install-banner';
import { ShareIcon } from './share-icon';

export function InstallBanner() {
  const { t } = useTranslation();
  const { mode, install, dismiss } = useInstallBanner();
  if (!mode) return null;
  return (
    <section
      aria-label={t('install.title')}
      className="animate-slide-up fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-xl flex-col gap-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:flex-row sm:items-center dark:bg-slate-900 dark:ring-slate-700"
    >
      <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{t('install.title')}</p>
        {mode === 'prompt' ? (
          <p className="text-slate-600 dark:text-slate-300">{t('install.prompt')}</p>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">
            <Trans i18nKey="install.ios" components={{ share: <ShareIcon label={t('install.share')} /> }} />
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button variant="secondary" onClick={dismiss} className="flex-1 sm:flex-none">
          {mode === 'prompt' ? t('install.notNow') : t('install.gotIt')}
        </Button>
        {mode === 'prompt' && (
          <Button onClick={() => void install()} className="flex-1 sm:flex-none">
            {t('install.install')}
          </Button>
        )}
      </div>
    </section>
  );
}
