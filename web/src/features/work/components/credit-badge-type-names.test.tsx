import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { CreditBadge } from './work-bits';

afterEach(async () => {
  await changeLanguage('en');
});

describe('a day credited by a leave names its type in the reader language', () => {
  it('shows the starting leave type in German and a team-named one as written', async () => {
    await changeLanguage('de');
    const { unmount } = render(<CreditBadge credit={{ holiday: null, leave: { type: 'Vacation', half: false } }} />);
    expect(screen.getByText('Abwesenheit: Urlaub')).toBeInTheDocument();
    unmount();
    render(<CreditBadge credit={{ holiday: null, leave: { type: 'Elternzeit', half: true } }} />);
    expect(screen.getByText('Halber Tag Abwesenheit: Elternzeit')).toBeInTheDocument();
  });
});
