import { useCallback, useEffect, useState } from 'react';
import { assistantActionNames, type AssistantAction } from '@/lib/assistant-actions';

/** One line of the conversation (spec §3), kept in the browser. An assistant line may carry its proposal. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** RFC 3339. */
  timestamp: string;
  action?: AssistantAction;
}

export const CHAT_HISTORY_KEY = 'breaktime.assistant.history';
/** Older lines are dropped beyond this, so the stored history stays small. */
export const MAX_KEPT_MESSAGES = 100;

function isMessage(value: unknown): value is ChatMessage {
  const m = value as Partial<ChatMessage> | null;
  return (
    !!m &&
    (m.role === 'user' || m.role === 'assistant') &&
    typeof m.content === 'string' &&
    typeof m.timestamp === 'string' &&
    (m.action === undefined || (typeof m.action === 'object' && assistantActionNames.includes(m.action.action)))
  );
}

export function loadHistory(): ChatMessage[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CHAT_HISTORY_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isMessage).slice(-MAX_KEPT_MESSAGES) : [];
  } catch {
    return [];
  }
}

function saveHistory(messages: ChatMessage[]): void {
  try {
    if (messages.length === 0) localStorage.removeItem(CHAT_HISTORY_KEY);
    else localStorage.setItem(CHAT_HISTORY_KEY, JSON.stringify(messages.slice(-MAX_KEPT_MESSAGES)));
  } catch {
    // Storage can be full or refused (private browsing): the conversation then lasts for this visit only.
  }
}

export function useChatHistory() {
  const [messages, setMessages] = useState<ChatMessage[]>(loadHistory);

  useEffect(() => saveHistory(messages), [messages]);

  const append = useCallback((message: Omit<ChatMessage, 'timestamp'>) => {
    setMessages((current) => [...current, { ...message, timestamp: new Date().toISOString() }].slice(-MAX_KEPT_MESSAGES));
  }, []);
  const clear = useCallback(() => setMessages([]), []);

  return { messages, append, clear };
}
