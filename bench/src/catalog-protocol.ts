// What the catalog benchmark (catalog-reads.ts) and its server process (catalog-server.ts) say to each other.

/** The route of the server process that answers a precomputed body: the ceiling. */
export const CEILING_PATH = '/api/bench/ceiling';

/** One per stdin line: add offers, take a call's answer as the ceiling's body, or stop. */
export type Command = { seed: number } | { prime: string } | { quit: true };

/** Lines the server process writes to stdout start with this, followed by a JSON object. */
export const MESSAGE_PREFIX = 'BENCH ';

export interface Message {
  ready?: boolean;
  engine?: 'pglite' | 'postgres';
  port?: number;
  seeded?: number;
  primed?: number;
  bytes?: number;
  closed?: boolean;
}
