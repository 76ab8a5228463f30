import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SUPPORT_TICKET_TYPES } from './enums.js';
import {
  SUPPORT_TICKET_NUMBER_ALPHABET,
  SupportTicketRequestSchema,
  SupportTicketResponseSchema,
} from './support.js';

const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

const ticket = {
  email: 'ann@example.com',
  name: 'Ann Lee',
  supportTicketType: 'TechnicalSupport',
  description: 'The page does not load.',
};

describe('SupportTicketRequestSchema (docs/product/care.md#support-tickets)', () => {
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

describe('SupportTicketRequestSchema reference', () => {
  it('is optional, trimmed, and may be empty', () => {
    expect(SupportTicketRequestSchema.parse(ticket).reference).toBeUndefined();
    expect(SupportTicketRequestSchema.parse({ ...ticket, reference: ' 1234 ' }).reference).toBe(
      '1234',
    );
    expect(SupportTicketRequestSchema.parse({ ...ticket, reference: '   ' }).reference).toBe('');
  });

  it('refuses more than 64 characters and anything but text', () => {
    expect(
      SupportTicketRequestSchema.safeParse({ ...ticket, reference: 'r'.repeat(64) }).success,
    ).toBe(true);
    for (const reference of ['r'.repeat(65), 12, null]) {
      expect(pathsOf(SupportTicketRequestSchema.safeParse({ ...ticket, reference }))).toEqual([
        'reference',
      ]);
    }
  });
});

describe('SupportTicketResponseSchema', () => {
  it('accepts two groups of four unambiguous characters', () => {
    expect(SupportTicketResponseSchema.parse({ ticketNumber: 'K7QM-2WXP' })).toEqual({
      ticketNumber: 'K7QM-2WXP',
    });
    for (const character of SUPPORT_TICKET_NUMBER_ALPHABET) {
      const ticketNumber = `${character.repeat(4)}-${character.repeat(4)}`;
      expect(SupportTicketResponseSchema.safeParse({ ticketNumber }).success).toBe(true);
    }
  });

  it.each(['K7QM2WXP', 'k7qm-2wxp', 'K7QM-2WX0', 'O1IL-2WXP', 'K7QM-2WXP-', ''])(
    'refuses %j',
    (ticketNumber) => {
      expect(SupportTicketResponseSchema.safeParse({ ticketNumber }).success).toBe(false);
    },
  );
});
