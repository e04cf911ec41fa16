import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TestProviders } from '@/testing/test-utils';
import type { TeamMember } from '@/lib/team-members';
import { StatusBadge } from './team-members-page';

const onBreak = (breakType: string): TeamMember => ({
  id: 'u2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'member',
  joinedAt: '2025-01-01T00:00:00Z',
  status: 'onBreak',
  breakType,
  breakDue: false,
  since: null,
  until: null,
  leaveType: null,
  workingSince: null,
});

afterEach(async () => {
  await changeLanguage('en');
});

describe('the team board names a break in the reader language', () => {
  it('shows a default break type in German and a team-named one as written', async () => {
    await changeLanguage('de');
    const { unmount } = render(
      <TestProviders>
        <StatusBadge member={onBreak('Coffee Break')} />
      </TestProviders>,
    );
    expect(screen.getByText('In der Pause (Kaffeepause)')).toBeInTheDocument();
    expect(screen.queryByText(/Coffee Break/)).not.toBeInTheDocument();
    unmount();
    render(
      <TestProviders>
        <StatusBadge member={onBreak('Standup walk')} />
      </TestProviders>,
    );
    expect(screen.getByText('In der Pause (Standup walk)')).toBeInTheDocument();
  });
});
