import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCKED_CHAT_RESERVE_PX, SHORT_TOAST_MS } from '@/config/constants';
import { ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger(props: ToastOptions) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(props)}>
      show
    </button>
  );
}

describe('Toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides itself after 5000 ms by default', () => {
    render(
      <ToastProvider>
        <Trigger title="Error!" message="Failed to save leave. Please try again later." variant="error" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Failed to save leave. Please try again later.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Failed to save leave. Please try again later.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Failed to save leave. Please try again later.')).not.toBeInTheDocument();
  });

  it('keeps to the page beside a docked chat: the region gives up the chat’s column and its own margin', () => {
    render(
      <ToastProvider>
        <Trigger message="Break ended" variant="success" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const region = screen.getByRole('status');
    const offset = [...region.classList].find((name) => name.includes('[data-chat-docked]'));
    // The shell's reserve (the chat's column) and the region's own 1rem edge.
    expect(offset).toBe(`sm:[html:has([data-chat-docked])_&]:pr-[${(DOCKED_CHAT_RESERVE_PX + 16) / 16}rem]`);
  });

  it('hides a quick confirmation after 1.5 s', () => {
    render(
      <ToastProvider>
        <Trigger message="Meeting added successfully" variant="success" duration={SHORT_TOAST_MS} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByText('Meeting added successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Meeting added successfully')).not.toBeInTheDocument();
  });
});
