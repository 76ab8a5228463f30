import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { expect, it } from 'vitest';
import {
  apiPaths,
  ERROR_MESSAGES,
  LOCALE_COOKIE,
  SUPPORT_TICKET_NUMBER_PATTERN,
  type SupportTicketRequest,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  until,
  useSmtpCapture,
} from '../../test/index.js';
import { users } from '../accounts/index.js';
import { SUPPORT_TICKET_EMAIL_MAX, SUPPORT_TICKET_IP_MAX } from './routes.js';
import { supportTickets } from './schema.js';

const PUBLIC_URL = 'https://shop.example';
const SUPPORT_EMAIL = 'care@shop.example';

let counter = 0;
/** A valid ticket from an address no other test uses (tickets are limited per address). */
const validTicket = (changes: Partial<SupportTicketRequest> = {}): SupportTicketRequest => ({
  email: `sender-${process.pid}-${++counter}@example.com`,
  name: 'Ann Lee',
  supportTicketType: 'PurchasePaymentIssues',
  description: 'My payment went through but the order still says pending.',
  ...changes,
});

const send = (
  app: App,
  payload: unknown,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: apiPaths.supportCreateTicket,
    payload: payload as Record<string, unknown>,
    headers: options.headers,
    remoteAddress: options.remoteAddress ?? randomIp(),
  });

const ticketNumberOf = (response: { json: () => unknown }) =>
  (response.json() as { ticketNumber: string }).ticketNumber;

describeEachEngine('POST /api/support/create-ticket', (ctx) => {
  const smtp = useSmtpCapture();
  const buildApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, SUPPORT_EMAIL } });

  const storedTicket = async (ticketNumber: string) => {
    const [ticket] = await ctx.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketNumber, ticketNumber));
    return ticket;
  };
  const ticketsFrom = (email: string) =>
    ctx.database.db.select().from(supportTickets).where(eq(supportTickets.email, email));
  /** The support team's notice of one ticket (several tests send tickets to the one address). */
  const noticeOf = async (ticketNumber: string): Promise<ParsedMail> => {
    for (;;) {
      const mail = await smtp.nextMailTo(SUPPORT_EMAIL);
      if (mail.subject?.includes(ticketNumber)) return mail;
    }
  };

  it('stores a signed-out ticket with a number and mails the sender and the support team', async () => {
    const app = await buildApp();
    const ticket = validTicket({ reference: ' 1042 ' });

    const response = await send(app, ticket);

    expect(response.statusCode).toBe(200);
    const ticketNumber = ticketNumberOf(response);
    expect(ticketNumber).toMatch(SUPPORT_TICKET_NUMBER_PATTERN);
    expect(await storedTicket(ticketNumber)).toMatchObject({
      userId: null,
      email: ticket.email,
      name: 'Ann Lee',
      supportTicketType: 'PurchasePaymentIssues',
      description: ticket.description,
      reference: '1042',
      locale: 'en',
    });

    const confirmation = await smtp.nextMailTo(ticket.email);
    expect(confirmation.subject).toBe(`We have received your message (ticket ${ticketNumber})`);
    expect(confirmation.text).toContain(`Your ticket number: ${ticketNumber}`);
    expect(confirmation.text).toContain('Topic: Purchases and payment');
    expect(confirmation.text).toContain(`${PUBLIC_URL}/contact`);
    expect(confirmation.html).toContain(ticketNumber);

    const notice = await noticeOf(ticketNumber);
    expect(notice.subject).toBe(`[${ticketNumber}] Purchases and payment: Ann Lee`);
    for (const line of [
      `Email: ${ticket.email}`,
      'Name: Ann Lee',
      'Account: not signed in',
      'Reference: 1042',
      'Language: en',
      ticket.description,
    ]) {
      expect(notice.text).toContain(line);
    }
  });

  it('links a signed-in sender’s ticket to the account, whatever address it gives', async () => {
    const app = await buildApp();
    const user = await signUp(app);
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));

    const response = await send(app, validTicket(), { headers: bearer(user.accessToken) });

    expect(response.statusCode).toBe(200);
    const ticketNumber = ticketNumberOf(response);
    expect((await storedTicket(ticketNumber))?.userId).toBe(account?.id);
    expect((await noticeOf(ticketNumber)).text).toContain(`Account: ${account?.id}`);
  });

  it('refuses an invalid or ended session with 401 and stores nothing', async () => {
    const app = await buildApp();
    const user = await signUp(app);
    await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogout,
      payload: { refreshToken: user.refreshToken },
    });
    const ticket = validTicket();

    for (const headers of [
      bearer(user.accessToken),
      bearer('not-a-token'),
      { authorization: '' },
    ]) {
      const response = await send(app, ticket, { headers });
      expect(response.statusCode).toBe(401);
    }
    expect(await ticketsFrom(ticket.email)).toEqual([]);
  });

  it('writes the confirmation in the language of the site, without echoing what was typed', async () => {
    const app = await buildApp();
    const es = validTicket({ supportTicketType: 'TechnicalSupport', name: 'Visit evil.example' });
    const ja = validTicket({
      supportTicketType: 'ImageGeneration',
      description: 'Buy cheap pills now!!',
    });

    const fromCookie = await send(app, es, {
      headers: { cookie: `${LOCALE_COOKIE.name}=es`, 'accept-language': 'ja' },
    });
    const fromBrowser = await send(app, ja, { headers: { 'accept-language': 'ja-JP,en;q=0.5' } });

    const spanish = await smtp.nextMailTo(es.email);
    expect(spanish.subject).toBe(
      `Hemos recibido tu mensaje (consulta ${ticketNumberOf(fromCookie)})`,
    );
    expect(spanish.text).toContain('Tema: Soporte técnico');
    const japanese = await smtp.nextMailTo(ja.email);
    expect(japanese.subject).toContain(ticketNumberOf(fromBrowser));
    expect(japanese.text).toContain('内容: 画像生成について');
    for (const mail of [spanish, japanese]) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('pills');
      expect(mail.html).not.toContain('evil.example');
    }
    expect((await storedTicket(ticketNumberOf(fromCookie)))?.locale).toBe('es');
    expect((await storedTicket(ticketNumberOf(fromBrowser)))?.locale).toBe('ja');
  });

  it('escapes what the sender typed in the support team’s HTML mail', async () => {
    const app = await buildApp();
    const ticket = validTicket({
      name: '<b>Ann</b>\r\nBcc: x@example.com',
      description: '<script>alert(1)</script> & <img src=x onerror=alert(2)>',
    });

    const response = await send(app, ticket);

    const notice = await noticeOf(ticketNumberOf(response));
    expect(notice.subject).not.toMatch(/[\r\n]/);
    expect(notice.bcc).toBeUndefined();
    expect(notice.html).not.toContain('<script>');
    expect(notice.html).not.toContain('<img');
    expect(notice.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img');
    expect(notice.text).toContain(ticket.description);
  });

  it.each([
    ['email', { email: 'not-an-address' }],
    ['email', { email: `${'a'.repeat(250)}@example.com` }],
    ['name', { name: '   ' }],
    ['name', { name: 'n'.repeat(101) }],
    ['supportTicketType', { supportTicketType: 'Billing' }],
    ['supportTicketType', { supportTicketType: 'technicalSupport' }],
    ['description', { description: '  too short ' }],
    ['description', { description: 'd'.repeat(5001) }],
    ['reference', { reference: 'r'.repeat(65) }],
  ] as const)(
    'answers 400 with the field map for a bad %s and stores nothing',
    async (field, bad) => {
      const app = await buildApp();
      const ticket = { ...validTicket(), ...bad };

      const response = await send(app, ticket);

      expect(response.statusCode).toBe(400);
      const body = response.json() as { errors: Record<string, string> };
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.errors[field]).toEqual(expect.any(String));
      expect(await ticketsFrom(String(ticket.email).trim().toLowerCase())).toEqual([]);
    },
  );

  it('answers 400 for a missing field, an unknown field and a body that is not JSON', async () => {
    const app = await buildApp();
    const withoutDescription: Partial<SupportTicketRequest> = validTicket();
    delete withoutDescription.description;

    const missing = await send(app, withoutDescription);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys((missing.json() as { errors: object }).errors)).toEqual(['description']);

    const extra = await send(app, { ...validTicket(), priority: 'urgent' });
    expect(extra.statusCode).toBe(400);
    expect((extra.json() as { errors: Record<string, string> }).errors).toHaveProperty('');

    const notJson = await app.inject({
      method: 'POST',
      url: apiPaths.supportCreateTicket,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: randomIp(),
    });
    expect(notJson.statusCode).toBe(400);
  });

  it(`allows ${SUPPORT_TICKET_IP_MAX} tickets per IP, then answers 429 with the spec message`, async () => {
    const app = await buildApp();
    const remoteAddress = randomIp();

    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_TICKET_IP_MAX; i++) {
      statuses.push((await send(app, validTicket(), { remoteAddress })).statusCode);
    }

    expect(statuses).toEqual([...Array<number>(SUPPORT_TICKET_IP_MAX).fill(200), 429]);
    const refused = await send(app, validTicket(), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { '': ERROR_MESSAGES.tooManyRequests } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back.
    expect((await send(app, validTicket())).statusCode).toBe(200);
  });

  it(`allows ${SUPPORT_TICKET_EMAIL_MAX} tickets per sender address from any IPs, then 429`, async () => {
    const app = await buildApp();
    const email = validTicket().email;

    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_TICKET_EMAIL_MAX; i++) {
      // Differently spelt, one address: the limit counts the normalised one.
      const spelling = i % 2 === 0 ? email : ` ${email.toUpperCase()} `;
      statuses.push((await send(app, validTicket({ email: spelling }))).statusCode);
    }

    expect(statuses).toEqual([...Array<number>(SUPPORT_TICKET_EMAIL_MAX).fill(200), 429]);
    expect(await ticketsFrom(email)).toHaveLength(SUPPORT_TICKET_EMAIL_MAX);
  });

  it('sends the mails of a ticket answered just before the app closes once the app is back', async () => {
    const app = await buildApp();
    const ticket = validTicket();

    const response = await send(app, ticket);
    await app.close();
    // The mails wait in the outbox (the database) for whichever process runs the job worker next.
    await buildApp();

    const ticketNumber = ticketNumberOf(response);
    expect((await smtp.nextMailTo(ticket.email)).subject).toContain(ticketNumber);
    // The support team's copy names the sender (the confirmation repeats nothing typed).
    await until('the support team’s copy', async () =>
      smtp.messages.find(
        (mail) => mail.subject?.includes(ticketNumber) && mail.text?.includes(ticket.email),
      ),
    );
  });
});
