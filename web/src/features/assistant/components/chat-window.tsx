import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useAlert } from '@/components/ui/alert-dialog';
import { paths } from '@/config/paths';
import { keyUnder } from '@/lib/api-paths';
import { clockIntents, type AssistantAction, type AssistantActionName, type PrefilledForms, type PrefilledRouteState } from '@/lib/assistant-actions';
import { useSession } from '@/lib/auth';
import { reloadPage } from '@/lib/browser';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { askAssistant, MAX_MESSAGE_LENGTH } from '../api/ask';
import { useChatHistory, type ChatMessage } from '../hooks/use-chat-history';

/** Spec §9: after each question the input stays locked for 5 countdown steps of 500 ms. */
export const LOCK_STEPS = 5;
export const LOCK_STEP_MS = 500;

/** The list page of each record: saving there reloads it; anywhere else a short toast confirms (spec §4). */
const listPaths: Record<AssistantActionName, string | undefined> = {
  createBreak: paths.breaks,
  createTask: paths.tasks,
  createLeave: paths.leaves,
  createMeeting: paths.meetings,
  // The checklist lives in the navbar's dropdown panel, not on a page of its own.
  createChecklist: undefined,
  logWork: paths.workingTime,
};

/** Which form a proposal opens ('Open the break form'), the context of assistant.openForm. */
const formNames: Record<AssistantActionName, string> = {
  createBreak: 'break',
  createTask: 'task',
  createLeave: 'leave',
  createMeeting: 'meeting',
  createChecklist: 'checklist',
  logWork: 'work',
};

function clockOf(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return formatTime(`${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`);
}

interface FormHandlers {
  onSaved: () => void;
  onClose: () => void;
}

/** The registered form for an action, typed per action. */
function renderForm(action: AssistantAction, forms: PrefilledForms, handlers: FormHandlers): ReactNode {
  switch (action.action) {
    case 'createBreak': {
      const Form = forms.createBreak;
      return Form && <Form prefill={action} {...handlers} />;
    }
    case 'createTask': {
      const Form = forms.createTask;
      return Form && <Form prefill={action} {...handlers} />;
    }
    case 'createLeave': {
      const Form = forms.createLeave;
      return Form && <Form prefill={action} {...handlers} />;
    }
    case 'createMeeting': {
      const Form = forms.createMeeting;
      return Form && <Form prefill={action} {...handlers} />;
    }
    case 'createChecklist': {
      const Form = forms.createChecklist;
      return Form && <Form prefill={action} {...handlers} />;
    }
    case 'logWork': {
      const Form = forms.logWork;
      return Form && <Form prefill={action} {...handlers} />;
    }
  }
}

function Bubble({ message, onOpenAction }: { message: ChatMessage; onOpenAction: (action: AssistantAction) => void }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line',
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        <span className="visually-hidden">{mine ? t('assistant.youSaid') : t('assistant.buddySaid')}</span>
        {message.content}
      </div>
      {message.action && (
        <button
          type="button"
          onClick={() => onOpenAction(message.action!)}
          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          {t('assistant.openForm', { context: formNames[message.action.action] })}
        </button>
      )}
      <time dateTime={message.timestamp} className="px-1 text-xs text-slate-500 dark:text-slate-400">
        {clockOf(message.timestamp)}
      </time>
    </li>
  );
}

export interface ChatWindowProps {
  id: string;
  open: boolean;
  /** Fills the docked column beside the page instead of floating over it at a fixed size. */
  docked?: boolean;
  forms: PrefilledForms;
  /** A reply arrived while the window was closed. */
  onUnread: () => void;
}

/**
 * Break Buddy's conversation: questions, answers, and proposals that open the matching pre-filled form.
 * It stays mounted while closed, so a reply that arrives meanwhile is kept and announced by the launcher.
 */
export function ChatWindow({ id, open, docked = false, forms, onUnread }: ChatWindowProps) {
  const { t } = useTranslation();
  const { messages, append, clear } = useChatHistory();
  const { signedIn } = useSession();
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [activeForm, setActiveForm] = useState<AssistantAction | null>(null);
  const alert = useAlert();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(open);
  const refocus = useRef(false);

  useEffect(() => {
    openRef.current = open;
  }, [open]);

  const locked = pending || countdown > 0;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((value) => value - 1), LOCK_STEP_MS);
    return () => clearTimeout(timer);
  }, [countdown]);

  // Back to the input once it unlocks, when the question was typed there (not on every render: phones would pop the keyboard).
  useEffect(() => {
    if (!locked && refocus.current && openRef.current && !activeForm) {
      refocus.current = false;
      inputRef.current?.focus();
    }
  }, [locked, activeForm]);

  useEffect(() => {
    const log = logRef.current;
    if (open && log) log.scrollTop = log.scrollHeight;
  }, [messages, pending, open]);

  function openAction(action: AssistantAction) {
    if (forms[action.action]) {
      setActiveForm(action);
      return;
    }
    const state: PrefilledRouteState = { assistantPrefill: action };
    navigate(listPaths[action.action] ?? paths.breaks, { state });
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const question = input.trim();
    if (!question || locked) return;
    refocus.current = document.activeElement === inputRef.current;
    append({ role: 'user', content: question });
    setInput('');
    setPending(true);
    setCountdown(LOCK_STEPS);
    const reply = await askAssistant(question);
    append({ role: 'assistant', content: reply.text, ...(reply.action ? { action: reply.action } : {}) });
    setPending(false);
    // Clocking in or out was done by the server with the answer: the working-time reads (the Dashboard's card) change.
    if (reply.intent && clockIntents.includes(reply.intent)) void mutate((key) => keyUnder(key, '/work/'));
    if (!openRef.current) onUnread();
    if (reply.action) openAction(reply.action);
  }

  async function clearHistory() {
    const confirmed = await alert({
      icon: 'question',
      title: t('assistant.clearQuestion'),
      text: t('assistant.clearText'),
      confirmText: t('assistant.clearConfirm'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) clear();
  }

  const handlers: FormHandlers = {
    onClose: () => setActiveForm(null),
    onSaved: () => {
      const action = activeForm;
      setActiveForm(null);
      if (!action) return;
      // Elsewhere the form's own short success toast (spec §8) is the confirmation.
      if (listPaths[action.action] === pathname) reloadPage();
    },
  };

  return (
    <>
      <section
        id={id}
        aria-label={t('assistant.name')}
        hidden={!open}
        className={cn(
          'animate-slide-up flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700',
          docked ? 'min-h-0 w-full flex-1 shadow-sm' : 'h-[min(30rem,calc(100dvh-6.5rem))] w-[min(24rem,calc(100vw-1.5rem))] shadow-2xl',
        )}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-1 pl-4 dark:border-slate-700">
          <div>
            <h2 className="font-semibold">{t('assistant.name')}</h2>
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('assistant.subtitle')}</p>
          </div>
          <button
            type="button"
            onClick={() => void clearHistory()}
            disabled={messages.length === 0}
            aria-label={t('assistant.clearHistory')}
            title={t('assistant.clearHistory')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </svg>
          </button>
        </div>

        <div ref={logRef} role="log" aria-label={t('assistant.conversation')} aria-live="polite" className="flex-1 overflow-y-auto px-3 py-3">
          <ol className="space-y-3">
            <li className="flex flex-col items-start gap-1">
              <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
                {t('assistant.welcome')}
                {/* Break Buddy reads English only; its answers come back in the person's language. */}
                {currentLanguage() !== 'en' && <p className="mt-2">{t('assistant.englishOnly')}</p>}
                {!signedIn && <p className="mt-2 font-medium">{t('assistant.signInNote')}</p>}
              </div>
            </li>
            {messages.map((message, index) => (
              <Bubble key={`${message.timestamp}-${index}`} message={message} onOpenAction={openAction} />
            ))}
            {pending && (
              <li className="flex items-start" aria-label={t('assistant.typingLabel')}>
                <span className="inline-flex gap-1 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-3 dark:bg-slate-800" aria-hidden="true">
                  {[0, 150, 300].map((delay) => (
                    <span key={delay} className="size-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
                  ))}
                </span>
                <span className="visually-hidden">{t('assistant.typing')}</span>
              </li>
            )}
          </ol>
        </div>

        <form onSubmit={(event) => void send(event)} className="flex items-end gap-2 border-t border-slate-200 p-2 dark:border-slate-700">
          <label htmlFor={inputId} className="visually-hidden">
            {t('assistant.messageLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            disabled={locked}
            maxLength={MAX_MESSAGE_LENGTH}
            autoComplete="off"
            enterKeyHint="send"
            placeholder={pending ? t('assistant.thinking') : countdown > 0 ? t('assistant.askAgain', { steps: countdown }) : t('assistant.placeholder')}
            className="block min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800"
          />
          <button
            type="submit"
            disabled={locked || !input.trim()}
            aria-label={countdown > 0 ? t('assistant.sendWait', { steps: countdown }) : t('assistant.send')}
            className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-700/60"
          >
            {countdown > 0 ? (
              <span aria-hidden="true" className="tabular-nums">
                {countdown}
              </span>
            ) : (
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" />
              </svg>
            )}
          </button>
        </form>
      </section>
      {activeForm && <Suspense fallback={null}>{renderForm(activeForm, forms, handlers)}</Suspense>}
    </>
  );
}
