import { render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { setCookies } from '@/testing/test-utils';
import { ApiError } from '../api-error';
import { markFetched, offlineReads, persistedCacheProvider, savePersistedCache } from './swr-cache';

describe('the persisted read cache', () => {
  it('gives the same person their last reads on the next start, and nobody else', () => {
    setCookies({ id: 'u1' });
    const cache = persistedCacheProvider();
    cache.set('/task/todayTasks', { data: [{ _id: 'T1', title: 'Kept' }] });
    markFetched('/task/todayTasks');
    cache.set('/not/fetched', { data: 'ignored' });
    savePersistedCache();

    expect(persistedCacheProvider().get('/task/todayTasks')?.data).toEqual([{ _id: 'T1', title: 'Kept' }]);
    expect(persistedCacheProvider().get('/not/fetched')).toBeUndefined();
    setCookies({ id: 'u2' });
    expect(persistedCacheProvider().get('/task/todayTasks')).toBeUndefined();
  });

  it('keeps the last data on screen when a refresh finds no connection, and shows other errors', async () => {
    function List({ path, error }: { path: string; error: Error }) {
      const { data, error: failed } = useSWR<string>(path, () => Promise.reject(error));
      return <p>{failed ? `failed: ${failed.message}` : (data ?? 'loading')}</p>;
    }
    const cache = new Map([
      ['/a', { data: 'last a' }],
      ['/b', { data: 'last b' }],
    ]);
    render(
      <SWRConfig value={{ provider: () => cache, use: [offlineReads], shouldRetryOnError: false, dedupingInterval: 0 }}>
        <List path="/a" error={new ApiError(0, 'Failed to fetch')} />
        <List path="/b" error={new ApiError(500, 'Server error')} />
      </SWRConfig>,
    );
    expect(await screen.findByText('failed: Server error')).toBeInTheDocument();
    expect(screen.getByText('last a')).toBeInTheDocument();
  });
});
