import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { enqueue, queueSnapshot, type QueuedWrite } from '@/lib/offline/queue';
import { renderWithProviders } from '@/testing/test-utils';
import { ConflictDialog } from './conflict-dialog';

async function conflict(server: QueuedWrite['server']): Promise<QueuedWrite> {
  const item = await enqueue({
    key: 'k1',
    userId: 'u1',
    kind: 'task',
    action: 'edit',
    method: 'PUT',
    path: '/task/edit/T1',
    recordId: 'T1',
    body: { title: 'Mine', status: 'Completed' },
    label: 'Edit task: Mine',
  });
  return { ...item, status: 'conflict', server };
}

describe('ConflictDialog', () => {
  it('shows both versions, the differing fields marked, and "Keep mine" sends mine without the check', async () => {
    const item = await conflict({ _id: 'T1', title: 'Theirs', status: 'Completed', updatedAt: '2025-06-02T08:00:00Z' });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ConflictDialog item={item} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Changed meanwhile' });
    const title = within(dialog).getByRole('row', { name: /Title/ });
    expect(title).toHaveTextContent('Mine');
    expect(title).toHaveTextContent('Theirs');
    expect(title.className).toMatch(/amber/);
    expect(within(dialog).getByRole('row', { name: /Status/ }).className).not.toMatch(/amber/);

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    // The choice is saved in IndexedDB first: on a busy machine that outlasts the click.
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(queueSnapshot()[0]).toMatchObject({ key: 'k1', status: 'waiting', force: true });
  });

  it('"Keep the server\'s" drops mine; a record deleted meanwhile can only be discarded', async () => {
    const item = await conflict({ _id: 'T1', title: 'Theirs', status: 'To Do' });
    const { user, unmount } = renderWithProviders(<ConflictDialog item={item} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: "Keep the server's" }));
    await waitFor(() => expect(queueSnapshot()).toEqual([]));
    unmount();

    const gone = await conflict(null);
    renderWithProviders(<ConflictDialog item={gone} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Changed meanwhile' });
    expect(dialog).toHaveTextContent('this record was deleted on another device');
    expect(within(dialog).queryByRole('button', { name: 'Keep mine' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard my change' }));
    await waitFor(() => expect(queueSnapshot()).toEqual([]));
  });
});
