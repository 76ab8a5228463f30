import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SUPPORT_TICKET_TYPES } from './enums.js';
import { SupportTicketRequestSchema } from './support.js';

const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

const ticket = {
  email: 'ann@example.com',
  name: 'Ann Lee',
  supportTicketType: 'TechnicalSupport',
  description: 'The page does not load.',
};

describe('SupportTicketRequestSchema (seed-spec section 3)', () => {
  it.each([
    'ImageGeneration',
    'PurchasePaymentIssues',
    'TechnicalSupport',
    'CommercialUseInquiries',
    'Other',
  ])('accepts the topic %s', (supportTicketType) => {
    expect(
      SupportTicketRequestSchema.parse({ ...ticket, supportTicketType }).supportTicketType,
    ).toBe(supportTicketType);
  });

  it('covers every topic of the enumeration', () => {
    for (const supportTicketType of SUPPORT_TICKET_TYPES) {
      expect(SupportTicketRequestSchema.safeParse({ ...ticket, supportTicketType }).success).toBe(
        true,
      );
    }
  });

  it.each(['technicalSupport', 'Billing', '', 3])('refuses the topic %j', (supportTicketType) => {
    expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, supportTicketType }))).toEqual(
      ['supportTicketType'],
    );
  });

  it('normalises the email and trims the name and description', () => {
    const parsed = SupportTicketRequestSchema.parse({
      ...ticket,
      email: ' ANN@Example.com ',
      name: '  Ann Lee ',
      description: '   The page does not load.\n',
    });
    expect(parsed).toEqual(ticket);
  });

  it('accepts a description of 10 to 5000 characters after trimming', () => {
    for (const description of ['d'.repeat(10), ` ${'d'.repeat(10)} `, 'd'.repeat(5000)]) {
      expect(SupportTicketRequestSchema.safeParse({ ...ticket, description }).success).toBe(true);
    }
  });

  it('refuses a description of 9 characters, padded or not, and of 5001', () => {
    for (const description of ['d'.repeat(9), `    ${'d'.repeat(9)}    `, 'd'.repeat(5001), '']) {
      expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, description }))).toEqual([
        'description',
      ]);
    }
  });

  it('refuses a bad email, a blank or too long name, and extra keys', () => {
    expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, email: 'ann' }))).toEqual([
      'email',
    ]);
    expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, name: '  ' }))).toEqual([
      'name',
    ]);
    expect(
      pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, name: 'n'.repeat(101) })),
    ).toEqual(['name']);
    expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, priority: 'high' }))).toEqual([
      '',
    ]);
  });

  it('refuses a request missing every field, naming each', () => {
    expect(pathsOf(SupportTicketRequestSchema.safeParse({}))).toEqual([
      'email',
      'name',
      'supportTicketType',
      'description',
    ]);
  });
});
