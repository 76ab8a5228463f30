import { randomInt } from 'node:crypto';
import { SUPPORT_TICKET_NUMBER_ALPHABET } from '@pictura/contract';

const GROUP_LENGTH = 4;

const group = (): string => {
  let characters = '';
  for (let i = 0; i < GROUP_LENGTH; i++) {
    characters += SUPPORT_TICKET_NUMBER_ALPHABET[randomInt(SUPPORT_TICKET_NUMBER_ALPHABET.length)];
  }
  return characters;
};

/**
 * A new ticket number such as `K7QM-2WXP`: about 40 random bits, easy to read out on the phone
 * (no 0/O or 1/I/L) and not revealing how many tickets came before. The table's unique constraint
 * catches the rare repeat; the caller draws again.
 */
export function newTicketNumber(): string {
  return `${group()}-${group()}`;
}
