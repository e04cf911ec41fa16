/** Safari's Share icon, named for screen readers; it stands inside the install instructions' sentence. */
export function ShareIcon({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 24 24" className="inline size-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth="2" aria-label={label}>
      <path d="M12 3v12M8 7l4-4 4 4M5 12v7a2 2 0 002 2h10a2 2 0 002-2v-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
