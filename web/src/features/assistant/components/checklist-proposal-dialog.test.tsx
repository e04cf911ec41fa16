import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { ChecklistProposalDialog } from './checklist-proposal-dialog';

const prefill = { task: 'Water the plants', status: false, createdDate: '2026-03-11', isFeature: false };

describe('checklist proposal', () => {
  it('saves the proposed item, edited, and confirms with a short toast', async () => {
    setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r' });
    const save = vi.fn().mockResolvedValue({});
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<ChecklistProposalDialog prefill={prefill} save={save} onSaved={onSaved} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Checklist Item' });
    const task = within(dialog).getByLabelText('Task');
    expect(task).toHaveValue('Water the plants');
    expect(dialog).toHaveTextContent('For 11/03/2026.');

    await user.clear(task);
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByText('Task is required.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    await user.type(task, 'Water the ferns');
    await user.click(within(dialog).getByLabelText('Feature task'));
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Checklist item added successfully')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ task: 'Water the ferns', status: false, createdDate: '2026-03-11', isFeature: true });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('signed out, opens sign-in instead of saving', async () => {
    const save = vi.fn();
    const { user } = renderWithProviders(<ChecklistProposalDialog prefill={prefill} save={save} onSaved={vi.fn()} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(save).not.toHaveBeenCalled();
  });
});
