import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describeDevice } from './devices.js';

/** Where a request came from, as an account event records it: summarised, never the raw values. */
export interface RequestOrigin {
  readonly browser: string | null;
  readonly os: string | null;
  readonly ipRange: string | null;
}

/**
 * The network of an address: its /24 for IPv4, its /48 for IPv6 (one site's allocation). Enough for
 * the owner to tell "my home network" from "somewhere else", not enough to single out a household.
 */
export function ipRangeOf(address: string): string | null {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  // With "::", the first three groups are those before it, padded with the zeros it stands for.
  while (tail !== undefined && groups.length < 3) groups.push('0');
  const network = groups.slice(0, 3).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/48`;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/**
 * Every request's origin, for the account events recorded deep inside the services (a wrong code is
 * counted inside the second step's transaction): passing it down each call would thread the
 * request through code that is otherwise about the account alone. Outside a request (the CLI, the
 * worker) there is none, and an event records no device or network.
 */
export function trackRequestOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = {
      ...describeDevice(request.headers['user-agent'] ?? null),
      ipRange: ipRangeOf(request.ip),
    };
    storage.run(origin, done);
  });
}

export const currentOrigin = (): RequestOrigin =>
  storage.getStore() ?? { browser: null, os: null, ipRange: null };
