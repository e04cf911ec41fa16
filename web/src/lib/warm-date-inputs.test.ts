import { afterEach, describe, expect, it } from 'vitest';
import { warmDateInputs } from './warm-date-inputs';

describe('warmDateInputs', () => {
  afterEach(() => document.body.replaceChildren());

  it('lays out one date input out of sight in a task of its own, then removes it', async () => {
    const done = warmDateInputs();
    // Nothing is in the page during the first task: the input is only made.
    expect(document.querySelector('input')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const input = document.querySelector<HTMLInputElement>('input[type="date"]');
    expect(input).not.toBeNull();
    expect(input!.tabIndex).toBe(-1);
    const box = input!.parentElement!;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.style.visibility).toBe('hidden');
    await done;
    expect(document.querySelector('input')).toBeNull();
    expect(document.body.children).toHaveLength(0);
  });
});
