import { useState } from 'react';

/**
 * The floating Break Buddy launcher. The chat itself (questions, proposals, history) is built on this slot;
 * for now the window only introduces the assistant.
 */
export function AssistantChat() {
  const [open, setOpen] = useState(false);
  return (
    <div className="fixed right-3 bottom-3 z-30 flex flex-col items-end gap-2 print:hidden">
      {open && (
        <section
          aria-label="Break Buddy"
          className="animate-slide-up w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <h2 className="font-semibold">Break Buddy</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Break Buddy will answer questions about your day and propose breaks, tasks, leaves, meetings and checklist items for you to save.
          </p>
        </section>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Close Break Buddy' : 'Open Break Buddy'}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1.1-4.3A8 8 0 1121 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />}
        </svg>
      </button>
    </div>
  );
}
