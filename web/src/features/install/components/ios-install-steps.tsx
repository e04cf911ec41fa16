/** How to add Breaktime to the Home Screen on an iPhone or iPad (Safari offers no install prompt). */
export function IosInstallSteps() {
  return (
    <p>
      In Safari, tap the Share button{' '}
      <svg viewBox="0 0 24 24" className="inline size-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth="2" aria-label="Share">
        <path d="M12 3v12M8 7l4-4 4 4M5 12v7a2 2 0 002 2h10a2 2 0 002-2v-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      , then choose &lsquo;Add to Home Screen&rsquo;, and open Breaktime from its icon.
    </p>
  );
}
