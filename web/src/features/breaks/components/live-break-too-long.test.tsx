import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { LiveBreakTooLong } from './live-break-too-long';

const note = 'A break is at most 8 hours: this one will be recorded as 8 hours.';

describe('a live break run past the longest break', () => {
  it('says nothing up to 8 hours', () => {
    renderWithProviders(<LiveBreakTooLong elapsed={8 * 60 * 60_000} />);
    expect(screen.queryByText(note)).toBeNull();
  });

  it('says it will be recorded as 8 hours once it runs longer', () => {
    renderWithProviders(<LiveBreakTooLong elapsed={8 * 60 * 60_000 + 1000} />);
    expect(screen.getByText(note)).toBeInTheDocument();
  });
});
