import { Button } from '@/components/ui/button';
import { useInstallBanner } from '../hooks/use-install-banner';

export function InstallBanner() {
  const { mode, install, dismiss } = useInstallBanner();
  if (!mode) return null;
  return (
    <section
      aria-label="Install Breaktime"
      className="animate-slide-up fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-xl flex-col gap-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:flex-row sm:items-center dark:bg-slate-900 dark:ring-slate-700"
    >
      <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">Install Breaktime</p>
        {mode === 'prompt' ? (
          <p className="text-slate-600 dark:text-slate-300">
            Add Breaktime to your device to open it in one tap, in its own window, even when you are offline.
          </p>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">
            Install it on your iPhone or iPad: tap the Share button{' '}
            <svg viewBox="0 0 24 24" className="inline size-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth="2" aria-label="Share">
              <path d="M12 3v12M8 7l4-4 4 4M5 12v7a2 2 0 002 2h10a2 2 0 002-2v-7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>{' '}
            in Safari, then choose &lsquo;Add to Home Screen&rsquo;.
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button variant="secondary" onClick={dismiss} className="flex-1 sm:flex-none">
          {mode === 'prompt' ? 'Not now' : 'Got it'}
        </Button>
        {mode === 'prompt' && (
          <Button onClick={() => void install()} className="flex-1 sm:flex-none">
            Install
          </Button>
        )}
      </div>
    </section>
  );
}
