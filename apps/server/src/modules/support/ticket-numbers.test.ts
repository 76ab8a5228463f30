import { describe, expect, it } from 'vitest';
import { SUPPORT_TICKET_NUMBER_PATTERN } from '@pictura/contract';
import { newTicketNumber } from './ticket-numbers.js';

describe('newTicketNumber', () => {
  it('gives numbers the contract accepts, different every time', () => {
    const numbers = Array.from({ length: 2000 }, newTicketNumber);
    for (const ticketNumber of numbers) expect(ticketNumber).toMatch(SUPPORT_TICKET_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, newTicketNumber).join('').replace(/-/g, ''));
    expect(seen.size).toBe(31);
  });
});
