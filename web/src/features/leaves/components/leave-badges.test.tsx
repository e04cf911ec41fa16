import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { leaveStatuses } from '../api/types';
import { LeaveStatusBadge, LeaveTypeChip } from './leave-badges';

describe('leave badges', () => {
  it('names every status, for sight and for screen readers', () => {
    render(
      <ul>
        {leaveStatuses.map((status) => (
          <li key={status}>
            <LeaveStatusBadge status={status} />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Status: Pending',
      'Status: Approved',
      'Status: Declined',
      'Status: Cancelled',
    ]);
  });

  it("shows the type's name after a dot in its colour, and no colour it cannot trust", () => {
    const { container, unmount } = render(<LeaveTypeChip type={{ name: 'Vacation', color: '#2563eb', archived: false }} />);
    expect(container).toHaveTextContent('Vacation');
    expect(container.querySelector('[aria-hidden="true"]')).toHaveStyle({ backgroundColor: '#2563eb' });
    unmount();
    const odd = render(<LeaveTypeChip type={{ name: 'Odd', color: 'url(javascript:x)', archived: false }} />).container.querySelector('[aria-hidden="true"]');
    expect(odd).not.toHaveAttribute('style');
    expect(odd).toHaveClass('bg-slate-400');
  });
});
