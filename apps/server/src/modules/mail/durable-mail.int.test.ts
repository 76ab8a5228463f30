// Mail is durable and keeps secrets sealed: it is queued in the outbox in the transaction of its event,
// sent by the job worker with retries, sealed while it waits and wiped once sent or given up.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import {
  adminTicketPaths,
  AdminTicketDetailSchema,
  apiPaths,
  type AdminTicketDetail,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  signUpAdmin,
  testConfig,
  until,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';
import { supportTickets } from '../support/index.js';
import { mailOutbox, startMailRuntime } from './index.js';

const PUBLIC_URL = 'https://shop.example';
// Retries after 1-2 s, 2-4 s, ...: the production policy's shape, in seconds instead of minutes.
const FAST_MAIL = { pollingIntervalMs: 100, retryDelaySeconds: 1 };

describeEachEngine('durable mail through the outbox', (ctx) => {
  const smtp = useSmtpCapture();
  // A test that stopped the mail server starts it again, whatever happened.
  let smtpStopped = false;
  const stopSmtp = async () => {
    await smtp.close();
    smtpStopped = true;
  };
  const startSmtp = async () => {
    await smtp.listen();
    smtpStopped = false;
  };
  afterEach(async () => {
    if (smtpStopped) await startSmtp();
  });

  const buildApp = (mail = {}) =>
    ctx.buildApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL, SUPPORT_EMAIL: 'care@shop.example' },
      mail: { ...FAST_MAIL, ...mail },
    });

  const outboxRows = (recipient: string) =>
    ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

  /** The row of the one `kind` mail to `recipient` once `ready` holds for it. */
  const outboxRow = (
    recipient: string,
    kind: string,
    ready: (row: typeof mailOutbox.$inferSelect) => boolean,
  ) =>
    until(`${kind} mail to ${recipient}`, async () =>
      (await outboxRows(recipient)).find((row) => row.kind === kind && ready(row)),
    );

  async function sendTicket(app: App): Promise<{ ticketNumber: string; email: string }> {
    const email = `sender-${randomUUID()}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.supportCreateTicket,
      remoteAddress: randomIp(),
      payload: {
        email,
        name: 'Ann Lee',
        supportTicketType: 'PurchasePaymentIssues',
        description: 'My payment went through but the order still says pending.',
      },
    });
    expect(response.statusCode).toBe(200);
    return { ticketNumber: response.json<{ ticketNumber: string }>().ticketNumber, email };
  }

  const reply = (app: App, admin: TestUser, ticketNumber: string, message: string) =>
    app.inject({
      method: 'POST',
      url: adminTicketPaths.replies(ticketNumber),
      headers: bearer(admin.accessToken),
      payload: { message },
    });

  const ticketDetail = async (app: App, admin: TestUser, ticketNumber: string) =>
    AdminTicketDetailSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: adminTicketPaths.detail(ticketNumber),
          headers: bearer(admin.accessToken),
        })
      ).json(),
    );

  it('answers an admin reply at once while SMTP is down, and mails it once SMTP is back', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber, email } = await sendTicket(app);
    await smtp.nextMailTo(email); // the confirmation, sent while the server was up
    await stopSmtp();

    const message = 'The payment arrived: your order is paid now.';
    const started = Date.now();
    const response = await reply(app, admin, ticketNumber, message);
    const took = Date.now() - started;

    expect(response.statusCode, response.body).toBe(200);
    // No waiting on the mail server: before the outbox, its retries held this answer 5 s at least.
    expect(took).toBeLessThan(3_000);
    const answered: AdminTicketDetail = AdminTicketDetailSchema.parse(response.json());
    expect(answered.status).toBe('answered');
    expect(answered.replies).toEqual([expect.objectContaining({ message, sentAt: null })]);

    // The worker tried, the relay refused the connection, and the mail waits for its retry, sealed.
    const waiting = await outboxRow(email, 'ticketReply', (row) => row.attempts >= 1);
    expect(waiting).toMatchObject({
      status: 'queued',
      subject: expect.stringContaining(ticketNumber),
    });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|ESOCKET/);
    expect(waiting.bodySealed).toEqual(expect.any(String));
    expect(JSON.stringify(waiting)).not.toContain(message);
    expect(JSON.stringify(waiting)).not.toContain(`${PUBLIC_URL}/contact`);

    await startSmtp();
    const mail = await smtp.nextMailTo(email, 20_000);

    expect(mail.subject).toContain(ticketNumber);
    expect(mail.text).toContain(message);
    const sent = await outboxRow(email, 'ticketReply', (row) => row.status === 'sent');
    expect(sent).toMatchObject({ bodySealed: null, lastError: null, sentAt: expect.any(Date) });
    const [shown] = (await ticketDetail(app, admin, ticketNumber)).replies;
    expect(shown?.sentAt).toEqual(expect.any(String));
  });

  it('keeps a reset code and link sealed while the mail waits, and wipes them once it is sent', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });
    await stopSmtp();

    const forgot = await app.inject({
      method: 'POST',
      url: apiPaths.accountsForgotPassword,
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const waiting = await outboxRow(user.email, 'passwordReset', (row) => row.attempts >= 1);
    // Everything the database holds about this mail while it waits: the row and its pg-boss job.
    const [job] = (
      await ctx.database.db.execute<{ data: unknown }>(
        sql`select data from pgboss.job where id = ${waiting.id}`,
      )
    ).rows;
    expect(job?.data).toEqual({ mailId: waiting.id });

    await startSmtp();
    const mail = await smtp.nextMailTo(user.email, 20_000);
    const link = new URL(
      /https:\/\/shop\.example\/reset-password\?\S+/.exec(mail.text ?? '')?.[0] ?? '',
    );
    const code = link.searchParams.get('code') ?? '';
    expect(code).toHaveLength(10);
    const stored = JSON.stringify({ waiting, job });
    expect(stored).not.toContain(code);
    expect(stored).not.toContain('reset-password');

    const sent = await outboxRow(user.email, 'passwordReset', (row) => row.status === 'sent');
    expect(sent.bodySealed).toBeNull();
  });

  it('gives a mail up after its last attempt, wiping its body, and keeps the reply marked unsent', async () => {
    const app = await buildApp({ retryLimit: 0 });
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber, email } = await sendTicket(app);
    await smtp.nextMailTo(email);
    await stopSmtp();

    expect((await reply(app, admin, ticketNumber, 'We are on it.')).statusCode).toBe(200);

    const failed = await outboxRow(email, 'ticketReply', (row) => row.status === 'failed');
    expect(failed).toMatchObject({ attempts: 1, bodySealed: null, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|ESOCKET/);
    const [shown] = (await ticketDetail(app, admin, ticketNumber)).replies;
    expect(shown?.sentAt).toBeNull();
  });

  it('queues a mail only with the transaction of its event: a rolled-back event leaves no mail', async () => {
    const config = testConfig();
    const mail = await startMailRuntime({
      config,
      database: ctx.database,
      secret: config.jwtSecret ?? '',
      log: pino({ level: 'silent' }),
      runWorkers: false,
      hooks: {},
    });
    const recipient = (name: string) => `${name}-${randomUUID()}@example.com`;
    const kept = recipient('kept');
    const dropped = recipient('dropped');
    /** An event (a ticket) and the mail that reports it, in one transaction that may roll back. */
    const ticketWithMail = (to: string, rollBack: boolean) =>
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(supportTickets).values({
          ticketNumber: randomUUID().slice(0, 9),
          email: to,
          name: 'Ann Lee',
          supportTicketType: 'Other',
          description: 'Hello',
          locale: 'en',
        });
        await mail.outbox.enqueue(tx, {
          kind: 'ticketConfirmation',
          to,
          subject: 'Thanks',
          text: 'Thanks',
          html: '<p>Thanks</p>',
        });
        if (rollBack) throw new Error('the event failed');
      });
    try {
      await ticketWithMail(kept, false);
      await expect(ticketWithMail(dropped, true)).rejects.toThrow('the event failed');

      const [queued] = await outboxRows(kept);
      expect(queued?.status).toBe('queued');
      const jobs = await ctx.database.db.execute<{ id: string }>(
        sql`select id from pgboss.job where name = 'mail' and id = ${queued?.id ?? randomUUID()}`,
      );
      expect(jobs.rows).toHaveLength(1);
      expect(await outboxRows(dropped)).toEqual([]);
      const tickets = await ctx.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.email, dropped));
      expect(tickets).toEqual([]);
    } finally {
      await mail.stop();
    }
  });
});
