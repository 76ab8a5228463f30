import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which hops of `X-Forwarded-For` the server believes (TRUST_PROXY): none, the last `hops` entries
 * (each proxy in front appends the address it was reached from), or the entries written by the
 * proxies at these addresses. The client's own entries, on the left, never count.
 */
export type TrustProxy =
  false | { readonly hops: number } | { readonly addresses: readonly string[] };

/** proxy-addr's names for address ranges, accepted as Fastify accepts them. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_REFUSED =
  'true would believe the X-Forwarded-For a client writes itself; write the number of proxies in ' +
  'front of the server (e.g. 1 for one load balancer) or their addresses or CIDRs (e.g. 10.0.0.0/8)';

const isAddressOrRange = (entry: string): boolean => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/** TRUST_PROXY as written: `false`/`0`, a hop count, or a comma-separated list of addresses. */
export const TrustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return { hops };
    }
    const addresses = value.split(',').map((entry) => entry.trim());
    if (addresses.every(isAddressOrRange)) return { addresses };
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxies from 1 to 10, or addresses and CIDRs separated by commas',
    });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify 5.12 treats a
 * number as "trust nobody", which would put every client behind the load balancer in one bucket.
 * proxy-addr asks about each hop from the socket inwards (`i` = 0 is the peer itself).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.addresses.join(',');
}
