import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { reviveQueries, serializeQueries } from './render-payload';

describe('the query cache handed from the server to the browser', () => {
  it("keeps a failed query's ApiError across JSON, and the data of the others", async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['offer', 'fox'], queryFn: () => ({ title: 'Fox' }) });
    await server.prefetchQuery({
      queryKey: ['offer', 'nope'],
      queryFn: () => Promise.reject(new ApiError('serverMessage', 'Not found.', 404)),
    });
    await server.prefetchQuery({
      queryKey: ['broken'],
      queryFn: () => Promise.reject(new TypeError('not an API failure')),
    });
    const state = dehydrate(server, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
    const sent = JSON.parse(JSON.stringify(serializeQueries(state))) as typeof state;

    const browser = new QueryClient();
    hydrate(browser, reviveQueries(sent));
    expect(browser.getQueryData(['offer', 'fox'])).toEqual({ title: 'Fox' });
    const error = browser.getQueryState(['offer', 'nope'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'serverMessage', message: 'Not found.', status: 404 });
    // Anything else is left for the browser to ask again.
    expect(browser.getQueryState(['broken'])).toBeUndefined();
  });
});
