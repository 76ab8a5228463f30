import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, TokenResponseSchema } from '@pictura/contract';
import { ApiError, createApiClient } from './api-client';

type FetchCall = { url: string; init: RequestInit };

/** A fetch that answers from a queue of responders and records what it was asked. */
function fakeFetch(...responders: Array<(call: FetchCall) => Response | Promise<Response>>) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    const respond = responders[Math.min(calls.length - 1, responders.length - 1)];
    if (!respond) throw new Error('no responder');
    return respond(call);
  });
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const header = (call: FetchCall | undefined, name: string) =>
  new Headers(call?.init.headers).get(name);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: the client messages of docs/product/messages.md', () => {
  it('throws "Validation failed" with the field map when a 400 carries field errors', async () => {
    const { fetch } = fakeFetch(() => json(400, { errors: { email: 'Enter an email address' } }));
    const error = await failure(createApiClient({ fetch }).post('/api/Accounts/register', {}));
    expect(error.message).toBe(ERROR_MESSAGES.validationFailed);
    expect(error.code).toBe('validationFailed');
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: 'Enter an email address' });
  });

  it('keeps a general message beside field errors in the map', async () => {
    const errors = { password: 'Too short', '': 'Please check the form' };
    const { fetch } = fakeFetch(() => json(400, { errors }));
    const error = await failure(createApiClient({ fetch }).post('/api/accounts/update', {}));
    expect(error.message).toBe(ERROR_MESSAGES.validationFailed);
    expect(error.fieldErrors).toEqual(errors);
  });

  it('shows a general error (the empty key alone) as its own message', async () => {
    const { fetch } = fakeFetch(() => json(400, { errors: { '': 'Invalid email or password' } }));
    const error = await failure(createApiClient({ fetch }).post('/api/Accounts/login', {}));
    expect(error.message).toBe('Invalid email or password');
    expect(error.code).toBe('serverMessage');
    expect(error.fieldErrors).toBeNull();
  });

  it('answers 429 with "Too many requests."', async () => {
    const { fetch } = fakeFetch(() => json(429, { errors: { '': 'Slow down' } }));
    const error = await failure(createApiClient({ fetch }).post('/api/support/create-ticket', {}));
    expect(error.message).toBe(ERROR_MESSAGES.tooManyRequests);
    expect(error.status).toBe(429);
  });

  it.each([500, 503, 404, 409, 201, 401, 403])(
    'answers any other status than 200/204 (%i) with "An unexpected server error occurred."',
    async (status) => {
      const { fetch } = fakeFetch(() => json(status, { errors: { '': 'details' } }));
      const error = await failure(createApiClient({ fetch }).get('/api/orders'));
      expect(error.message).toBe(ERROR_MESSAGES.unexpectedServerError);
      expect(error.status).toBe(status);
    },
  );

  it('answers a network failure with "An error has occurred."', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(createApiClient({ fetch }).get('/api/offers/latest'));
    expect(error.message).toBe(ERROR_MESSAGES.generic);
    expect(error.status).toBeNull();
  });

  it.each([
    ['an unreadable 400 body', () => new Response('<html>Bad Request</html>', { status: 400 })],
    ['a 400 without an error map', () => json(400, { message: 'nope' })],
    ['a 400 with an empty error map', () => json(400, { errors: {} })],
    ['an unreadable 200 body', () => new Response('{"half":', { status: 200 })],
  ])('answers %s with "An error has occurred."', async (_, respond) => {
    const { fetch } = fakeFetch(respond);
    const error = await failure(createApiClient({ fetch }).get('/api/offers'));
    expect(error.message).toBe(ERROR_MESSAGES.generic);
  });

  it('answers a 200 body that does not match the response schema with "An error has occurred."', async () => {
    const { fetch } = fakeFetch(() => json(200, { accessToken: 'a' }));
    const client = createApiClient({ fetch });
    const error = await failure(
      client.post('/api/Accounts/login', {}, { schema: TokenResponseSchema }),
    );
    expect(error.message).toBe(ERROR_MESSAGES.generic);
  });

  it('rethrows an abort as it is, so a cancelled query is not reported as a failure', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    const { fetch } = fakeFetch(() => {
      controller.abort();
      return Promise.reject(abort);
    });
    const client = createApiClient({ fetch });
    await expect(client.get('/api/offers', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('api client: requests', () => {
  it('sends JSON with the bearer token and returns the parsed answer', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { accessToken: 'a', refreshToken: 'r' }));
    const client = createApiClient({ fetch, baseUrl: 'https://shop.example' });
    client.setAccessToken('token-1');
    const tokens = await client.post(
      '/api/Accounts/login',
      { email: 'a@b.c', password: 'pw' },
      { schema: TokenResponseSchema },
    );
    expect(tokens).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(calls[0]?.url).toBe('https://shop.example/api/Accounts/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.c","password":"pw"}');
    expect(header(calls[0], 'Authorization')).toBe('Bearer token-1');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token, and query names as spelt', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch });
    const result = await client.get('/api/offers/get-one', {
      query: { UrlName: 'blue sky', Currency: 'EUR', Style: undefined },
    });
    expect(result).toBeUndefined();
    expect(calls[0]?.url).toBe('/api/offers/get-one?UrlName=blue+sky&Currency=EUR');
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(header(calls[0], 'Content-Type')).toBeNull();
  });
});

describe('api client: other success statuses', () => {
  it('accepts 202 only for a call that names it, and reads its body', async () => {
    const accepted = { id: '0b9e4c1e-6a57-4f0e-9d55-3c0f4d7f2a10', status: 'queued' };
    const { fetch } = fakeFetch(() => json(202, accepted));
    const client = createApiClient({ fetch });

    expect(await client.post('/api/generated-images', {}, { successStatuses: [202] })).toEqual(
      accepted,
    );
    const error = await failure(client.post('/api/generated-images', {}));
    expect(error.message).toBe(ERROR_MESSAGES.unexpectedServerError);
    expect(error.status).toBe(202);
  });
});

describe('api client: the token refresh seam (docs/product/browser.md#token-refresh)', () => {
  it('runs one refresh for concurrent 401/403 answers and retries each call with the new token', async () => {
    let token = 'old';
    const { fetch, calls } = fakeFetch(({ init }) => {
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer new'
        ? json(200, { ok: true })
        : json(token === 'old' ? 401 : 403, {});
    });
    const client = createApiClient({ fetch });
    client.setAccessToken(token);
    const refresher = vi.fn(async () => {
      token = 'new';
      client.setAccessToken(token);
      return true;
    });
    client.setTokenRefresher(refresher);

    const results = await Promise.all([client.get('/api/orders'), client.get('/api/balance')]);

    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => header(call, 'Authorization') === 'Bearer new')).toHaveLength(2);
  });

  it('fails the call when the refresh fails, without retrying it', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, {}));
    const client = createApiClient({ fetch });
    client.setTokenRefresher(async () => false);
    const error = await failure(client.get('/api/Accounts/profile'));
    expect(error.message).toBe(ERROR_MESSAGES.unexpectedServerError);
    expect(calls).toHaveLength(1);
  });

  it('does not refresh for calls marked skipTokenRefresh (the refresh call itself)', async () => {
    const { fetch } = fakeFetch(() => json(401, {}));
    const client = createApiClient({ fetch });
    const refresher = vi.fn(async () => true);
    client.setTokenRefresher(refresher);
    await failure(client.post('/api/Accounts/refresh', {}, { skipTokenRefresh: true }));
    expect(refresher).not.toHaveBeenCalled();
  });

  it('retries without a new refresh when the token changed while the call was under way', async () => {
    const client = createApiClient({
      fetch: async (_, init) => {
        const auth = new Headers(init?.headers).get('Authorization');
        if (auth === 'Bearer old') {
          client.setAccessToken('fresh'); // another call's refresh finished meanwhile
          return json(401, {});
        }
        return json(200, { auth });
      },
    });
    client.setAccessToken('old');
    const refresher = vi.fn(async () => true);
    client.setTokenRefresher(refresher);
    await expect(client.get('/api/orders')).resolves.toEqual({ auth: 'Bearer fresh' });
    expect(refresher).not.toHaveBeenCalled();
  });
});

describe("api client: the server render's own reads", () => {
  const schema = TokenResponseSchema;
  const tokens = { accessToken: 'a', refreshToken: 'r' };

  it('answers a plain GET from the read, with the query in its address, and sends nothing', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const read = vi.fn(async () => JSON.stringify({ id: 3 }));
    const value = await createApiClient({ fetch, read }).get('/api/offers/get-one', {
      query: { UrlName: 'a b', Currency: 'EUR' },
    });
    expect(value).toEqual({ id: 3 });
    expect(read).toHaveBeenCalledWith('/api/offers/get-one?UrlName=a+b&Currency=EUR');
    expect(calls).toHaveLength(0);
  });

  it('sends the request when the read gives nothing', async () => {
    const { fetch, calls } = fakeFetch(() => json(404, { errors: { '': 'Not found' } }));
    const read = vi.fn(async () => undefined);
    const error = await failure(createApiClient({ fetch, read }).get('/api/offers/get-one'));
    expect(error.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('reads an answer through the schema: one that does not fit is the generic error', async () => {
    const { fetch } = fakeFetch(() => json(200, tokens));
    const read = async () => JSON.stringify({ accessToken: 1 });
    const error = await failure(createApiClient({ fetch, read }).get('/api/x', { schema }));
    expect(error.code).toBe('generic');
    expect(error.status).toBe(200);
  });

  it('never reads a call with a token, headers of its own or a body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, tokens));
    const read = vi.fn(async () => '{}');
    const client = createApiClient({ fetch, read });
    await client.get('/api/x', { headers: { 'X-Thing': '1' } });
    await client.post('/api/x', {});
    client.setAccessToken('token');
    await client.get('/api/x');
    expect(read).not.toHaveBeenCalled();
    expect(calls).toHaveLength(3);
  });
});
