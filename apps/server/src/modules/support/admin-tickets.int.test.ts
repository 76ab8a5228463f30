// The back office lists tickets, answers them by mail and changes their status,
// and every change is recorded (ticket events and the audit log).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminTicketDetailSchema,
  AdminTicketListSchema,
  adminTicketPaths,
  apiPaths,
  AuditListSchema,
  LOCALE_COOKIE,
  type AdminTicketDetail,
  type SupportTicketRequest,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUpAdmin,
  until,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';

const PUBLIC_URL = 'https://shop.example';

/** A ticket from a fresh address through the contact form's endpoint; answers its number. */
async function sendTicket(
  app: App,
  changes: Partial<SupportTicketRequest> = {},
  locale?: string,
): Promise<{ ticketNumber: string; email: string }> {
  const email = changes.email ?? `sender-${randomUUID()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.supportCreateTicket,
    remoteAddress: randomIp(),
    headers: locale ? { cookie: `${LOCALE_COOKIE.name}=${locale}` } : {},
    payload: {
      email,
      name: 'Ann Lee',
      supportTicketType: 'PurchasePaymentIssues',
      description: 'My payment went through but the order still says pending.',
      ...changes,
    },
  });
  expect(response.statusCode).toBe(200);
  return { ticketNumber: (response.json() as { ticketNumber: string }).ticketNumber, email };
}

const asAdmin = (admin: TestUser) => ({ headers: bearer(admin.accessToken) });

describeEachEngine('back office: support tickets', (ctx) => {
  const smtp = useSmtpCapture();
  const buildApp = (smtpUrl = smtp.url) =>
    ctx.buildApp({ env: { SMTP_URL: smtpUrl, PUBLIC_URL, SUPPORT_EMAIL: 'care@shop.example' } });

  const list = async (app: App, admin: TestUser, query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminApiPaths.supportTickets}?${query}`,
      ...asAdmin(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return AdminTicketListSchema.parse(response.json());
  };
  const detail = async (app: App, admin: TestUser, ticketNumber: string) => {
    const response = await app.inject({
      method: 'GET',
      url: adminTicketPaths.detail(ticketNumber),
      ...asAdmin(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return AdminTicketDetailSchema.parse(response.json());
  };
  const post = (app: App, admin: TestUser, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, ...asAdmin(admin) });
  const auditOf = async (app: App, admin: TestUser, ticketNumber: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminApiPaths.audit}?Entity=supportTicket`,
      ...asAdmin(admin),
    });
    return AuditListSchema.parse(response.json()).entries.filter(
      (entry) => entry.entityId === ticketNumber,
    );
  };

  it('lists tickets newest first, by status, and finds them by number or address', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const domain = `list-${randomUUID().slice(0, 8)}.example`;
    const first = await sendTicket(app, { email: `first@${domain}` });
    const second = await sendTicket(app, { email: `second@${domain}`, name: 'Bo Chen' });

    const byAddress = await list(app, admin, `Search=${domain}`);
    expect(byAddress.total).toBe(2);
    expect(byAddress.tickets.map((ticket) => ticket.ticketNumber)).toEqual([
      second.ticketNumber,
      first.ticketNumber,
    ]);
    expect(byAddress.tickets[0]).toMatchObject({
      email: `second@${domain}`,
      name: 'Bo Chen',
      status: 'open',
      supportTicketType: 'PurchasePaymentIssues',
      locale: 'en',
    });

    // A number typed in lower case is found too, and only that ticket.
    const byNumber = await list(app, admin, `Search=${first.ticketNumber.toLowerCase()}`);
    expect(byNumber.tickets.map((ticket) => ticket.ticketNumber)).toEqual([first.ticketNumber]);

    await post(app, admin, adminTicketPaths.status(first.ticketNumber), { status: 'closed' });
    const open = await list(app, admin, `Status=open&Search=${domain}`);
    expect(open.tickets.map((ticket) => ticket.ticketNumber)).toEqual([second.ticketNumber]);
    const closed = await list(app, admin, `Status=closed&Search=${domain}`);
    expect(closed.tickets.map((ticket) => ticket.ticketNumber)).toEqual([first.ticketNumber]);

    // `%` is a literal character, not a wildcard that would match every address.
    expect((await list(app, admin, 'Search=%25')).total).toBe(0);
  });

  it('pages through the list', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const domain = `pages-${randomUUID().slice(0, 8)}.example`;
    const sent: string[] = [];
    for (let i = 0; i < 27; i++) {
      sent.push((await sendTicket(app, { email: `s${i}@${domain}` })).ticketNumber);
    }
    const page1 = await list(app, admin, `Search=${domain}`);
    const page2 = await list(app, admin, `Search=${domain}&Page=2`);
    expect(page1).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(page1.tickets).toHaveLength(25);
    expect(page2.tickets).toHaveLength(2);
    const seen = [...page1.tickets, ...page2.tickets].map((ticket) => ticket.ticketNumber);
    expect(seen).toEqual([...sent].reverse());
  });

  it('refuses a wrong status filter or page with 400', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    for (const query of ['Status=pending', 'Page=0', 'Page=x']) {
      const response = await app.inject({
        method: 'GET',
        url: `${adminApiPaths.supportTickets}?${query}`,
        ...asAdmin(admin),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('shows a ticket with its message, and 404 for an unknown number', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber, email } = await sendTicket(app, { reference: 'order 1042' });

    expect(await detail(app, admin, ticketNumber)).toMatchObject({
      ticketNumber,
      email,
      status: 'open',
      description: 'My payment went through but the order still says pending.',
      reference: 'order 1042',
      linkedToAccount: false,
      replies: [],
      events: [],
    });
    const unknown = await app.inject({
      method: 'GET',
      url: adminTicketPaths.detail('ZZZZ-ZZZZ'),
      ...asAdmin(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('mails a reply in the sender’s language, stores it and marks the ticket answered', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber, email } = await sendTicket(app, {}, 'es');
    await smtp.nextMailTo(email); // the confirmation

    const message = 'Hola Ann,\nel pago ya consta. <b>Gracias</b> por tu paciencia.';
    const response = await post(app, admin, adminTicketPaths.replies(ticketNumber), { message });

    expect(response.statusCode, response.body).toBe(200);
    const answered: AdminTicketDetail = AdminTicketDetailSchema.parse(response.json());
    expect(answered.status).toBe('answered');
    // Answered at once; the mail is queued, and the reply counts as sent once the worker sent it.
    expect(answered.replies).toEqual([
      expect.objectContaining({ authorEmail: admin.email, message, sentAt: null }),
    ]);
    expect(answered.events).toEqual([
      expect.objectContaining({ actorEmail: admin.email, from: 'open', to: 'answered' }),
    ]);
    const mail = await smtp.nextMailTo(email);
    // What the next reader of the ticket sees, not only the answer to the POST.
    const sent = await until('the reply marked sent', async () => {
      const read = await detail(app, admin, ticketNumber);
      return read.replies[0]?.sentAt ? read : undefined;
    });
    expect(sent).toEqual({
      ...answered,
      replies: [{ ...answered.replies[0], sentAt: expect.any(String) }],
    });

    expect(mail.subject).toBe(`Re: tu mensaje a Pictura (consulta ${ticketNumber})`);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`${PUBLIC_URL}/contact`);
    // The admin's text is escaped in the HTML part, not markup.
    expect(mail.html).toContain('&lt;b&gt;Gracias&lt;/b&gt;');

    expect(await auditOf(app, admin, ticketNumber)).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        action: 'supportTicket.reply',
        entity: 'supportTicket',
        before: { status: 'open' },
        after: expect.objectContaining({ status: 'answered', message }),
      }),
    ]);
  });

  it('keeps a reply whose mail is not sent yet, marked as not sent', async () => {
    // Nothing listens on port 1: the mail server refuses the connection.
    const app = await buildApp('smtp://127.0.0.1:1');
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber } = await sendTicket(app);

    const response = await post(app, admin, adminTicketPaths.replies(ticketNumber), {
      message: 'We are looking into it.',
    });

    expect(response.statusCode, response.body).toBe(200);
    const ticket = AdminTicketDetailSchema.parse(response.json());
    expect(ticket.status).toBe('answered');
    expect(ticket.replies).toEqual([
      expect.objectContaining({ message: 'We are looking into it.', sentAt: null }),
    ]);
  });

  it('refuses an empty reply and a reply to an unknown ticket', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber } = await sendTicket(app);

    const empty = await post(app, admin, adminTicketPaths.replies(ticketNumber), {
      message: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: { message: expect.any(String) } });
    const unknown = await post(app, admin, adminTicketPaths.replies('ZZZZ-ZZZZ'), {
      message: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(app, admin, ticketNumber)).status).toBe('open');
  });

  it('records every status change with who made it, and audits it', async () => {
    const app = await buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const other = await signUpAdmin(app, ctx.database.db);
    const { ticketNumber } = await sendTicket(app);

    const closed = await post(app, admin, adminTicketPaths.status(ticketNumber), {
      status: 'closed',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Setting the status it already has changes nothing and records nothing.
    await post(app, admin, adminTicketPaths.status(ticketNumber), { status: 'closed' });
    await post(app, other, adminTicketPaths.status(ticketNumber), { status: 'open' });

    const ticket = await detail(app, admin, ticketNumber);
    expect(ticket.status).toBe('open');
    expect(ticket.events.map(({ actorEmail, from, to }) => ({ actorEmail, from, to }))).toEqual([
      { actorEmail: admin.email, from: 'open', to: 'closed' },
      { actorEmail: other.email, from: 'closed', to: 'open' },
    ]);
    const audit = await auditOf(app, admin, ticketNumber);
    expect(
      audit.map(({ actorEmail, action, before, after }) => ({ actorEmail, action, before, after })),
    ).toEqual([
      {
        actorEmail: other.email,
        action: 'supportTicket.status',
        before: { status: 'closed' },
        after: { status: 'open' },
      },
      {
        actorEmail: admin.email,
        action: 'supportTicket.status',
        before: { status: 'open' },
        after: { status: 'closed' },
      },
    ]);

    for (const body of [{ status: 'pending' }, {}, { status: 'closed', extra: 1 }]) {
      const wrong = await post(app, admin, adminTicketPaths.status(ticketNumber), body);
      expect(wrong.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await post(app, admin, adminTicketPaths.status('ZZZZ-ZZZZ'), {
      status: 'closed',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
