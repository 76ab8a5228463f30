import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/** The loopback names a shop on a developer's or tester's own machine is opened at. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * The shop's address for links that lead the shopper back into this browser session (a payment's
 * return link): PUBLIC_URL when it is set, always. Without it, the origin the request came to when
 * that is a loopback address on the shop's own port, so a shop opened at 127.0.0.1 returns there
 * (its session lives in that origin's storage) instead of at localhost; any other Host, which a
 * client may forge, gets the default. Mails never use this: they are read far from the request.
 */
export function shopUrlFor(
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  if (config.publicUrlSet) return config.publicUrl;
  const origin = `${request.protocol}://${request.host}`;
  if (!URL.canParse(origin)) return config.publicUrl;
  const url = new URL(origin);
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  const loopback = LOOPBACK_HOSTNAMES.has(url.hostname) && url.username === '';
  return loopback && port === config.port ? url.origin : config.publicUrl;
}
