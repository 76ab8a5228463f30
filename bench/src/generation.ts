// Generation latency: from the POST of a generation request to the first progress
// event and to `done` on its server-sent events, with the procedural provider, one job after the
// other, on the production build as `npm start` runs it (workers in the same process, pg-boss on
// the embedded database, its default polling). Everything goes through the HTTP API.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  apiPaths,
  apiPathTo,
  GenerationAcceptedSchema,
  GenerationEventSchema,
  PaymentLinkResponseSchema,
  TokenResponseSchema,
  type DepositRequest,
  type GenerationRequest,
} from '@pictura/contract';
import { startBuiltServer } from './built-server.js';
import { verificationLinkTo } from './outbox.js';
import { depositPaymentOf, sandboxWebhook } from './sandbox-webhook.js';
import type { Figure } from './report.js';
import { readEvents } from './sse.js';

const PASSWORD = 'violet-Harbor-42-lantern';
/** Standard quality, one picture: EUR 1.99 (apps/server/src/modules/generation/prices.ts). */
const REQUEST: GenerationRequest = {
  prompt: 'A lighthouse on a cliff at dusk',
  style: 'Vintage',
  orientation: 'Horizontal',
  quality: 'standard',
  count: 1,
  currency: 'EUR',
};
const DEPOSIT_FOR_EACH_RUN = 199;

interface Timing {
  firstProgressMs: number;
  doneMs: number;
}

class Client {
  private accessToken = '';
  private email = '';

  constructor(readonly origin: string) {}

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const response = await fetch(`${this.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  async signUp(): Promise<void> {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    const tokens = TokenResponseSchema.parse(
      await this.post(apiPaths.accountsRegister, {
        email,
        password: PASSWORD,
        repeatedPassword: PASSWORD,
        agreedToPrivacyPolicy: true,
      }),
    );
    this.accessToken = tokens.accessToken;
    this.email = email;
  }

  /** Opens the verification link the server mailed at sign-up: money moves only after it. */
  async verifyEmail(dataDir: string): Promise<void> {
    const link = await verificationLinkTo(dataDir, this.email);
    await this.post(apiPaths.accountsVerifyEmail, {
      user: link.searchParams.get('user'),
      token: link.searchParams.get('token'),
    });
  }

  /** A deposit paid as the sandbox provider reports it: its signed webhook. */
  async deposit(amount: number, jwtSecret: string): Promise<void> {
    const body: DepositRequest = {
      firstName: 'Bench',
      lastName: 'Mark',
      country: 'ES',
      city: 'Madrid',
      address1: 'Calle Mayor 1',
      zipCode: '28013',
      agreedToPP_TOS: true,
      depositAmount: amount,
      currency: REQUEST.currency,
      javascriptEnabled: true,
      acceptLanguage: 'en',
      screenWidth: 1920,
      screenHeight: 1080,
      timeZone: 'Europe/Madrid',
      userAgent: 'pictura-bench',
    };
    const { paymentLink } = PaymentLinkResponseSchema.parse(
      await this.post(apiPaths.balanceDeposit, body),
    );
    const webhook = sandboxWebhook(depositPaymentOf(paymentLink), jwtSecret);
    await this.post(apiPathTo.paymentsWebhook('sandbox'), webhook.body, webhook.headers);
  }

  /** One generation: submit, then follow its event stream to the end. */
  async generate(): Promise<Timing> {
    const start = performance.now();
    const { id } = GenerationAcceptedSchema.parse(
      await this.post(apiPaths.generatedImages, REQUEST),
    );
    const response = await fetch(`${this.origin}${apiPathTo.generatedImageEvents(id)}`, {
      headers: { authorization: `Bearer ${this.accessToken}`, accept: 'text/event-stream' },
    });
    if (!response.ok || !response.body) {
      throw new Error(`the events of ${id} answered ${response.status}`);
    }
    let firstProgressMs: number | undefined;
    for await (const data of readEvents(response.body)) {
      const event = GenerationEventSchema.parse(JSON.parse(data));
      const elapsed = performance.now() - start;
      // `queued` is where the job stands when the stream opens; progress starts with `running`.
      if (event.type !== 'queued') firstProgressMs ??= elapsed;
      if (event.type === 'failed') throw new Error(`generation ${id} failed: ${event.message}`);
      if (event.type === 'done')
        return { firstProgressMs: firstProgressMs ?? elapsed, doneMs: elapsed };
    }
    throw new Error(`the events of ${id} ended before it was done`);
  }
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] ?? Number.NaN);
}

function figuresOf(name: string, values: number[]): Figure[] {
  const sorted = [...values].sort((a, b) => a - b);
  return [
    { name: `generation submit → ${name} p50`, value: percentile(sorted, 0.5), unit: 'ms' },
    { name: `generation submit → ${name} max`, value: percentile(sorted, 1), unit: 'ms' },
  ];
}

/** Runs `runs` generations one after the other on a fresh built server. */
export async function measureGeneration(runs: number): Promise<Figure[]> {
  const jwtSecret = randomBytes(32).toString('hex');
  const server = await startBuiltServer({
    JWT_SECRET: jwtSecret,
    // Not needed here, and painting the demo catalog would only slow the start.
    DEMO_CATALOG: 'false',
    // All submissions come from one address, faster than a person would send them.
    GENERATION_RATE_LIMIT_MAX: String(runs + 10),
  });
  try {
    const client = new Client(server.origin);
    await client.signUp();
    await client.verifyEmail(server.dataDir);
    await client.deposit(Math.max(500, runs * DEPOSIT_FOR_EACH_RUN), jwtSecret);
    const timings: Timing[] = [];
    for (let run = 0; run < runs; run += 1) timings.push(await client.generate());
    return [
      ...figuresOf(
        'first progress',
        timings.map((timing) => timing.firstProgressMs),
      ),
      ...figuresOf(
        'done',
        timings.map((timing) => timing.doneMs),
      ),
    ];
  } finally {
    await server.stop();
  }
}
