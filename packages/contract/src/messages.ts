import { ACCOUNT_MESSAGES } from './account-constants.js';
import { EMAIL_VERIFICATION_MESSAGES } from './email-verification-constants.js';
import { ORDER_MESSAGES } from './order-messages.js';
import { REAUTHENTICATION_MESSAGES } from './reauthentication-constants.js';
import { TWO_STEP_MESSAGES } from './two-step-constants.js';

// The server's messages that reach people, in English, spelt once: the server sends them and the web
// shows each in the reader's language, looked up by its English text (apps/web/src/lib/server-messages.ts).

/** A debit larger than the balance (an order paid by balance, a generation). */
export const BALANCE_MESSAGES = {
  insufficient: 'Your balance is too low for this.',
  // Spending is refused while a reversed deposit left an amount owed in the currency.
  debt: 'You owe an amount in this currency from a payment your bank or card took back. Top up your balance or redeem a gift card to pay it first.',
} as const;

/** Generations: why one ended without pictures, and refusals. */
export const GENERATION_MESSAGES = {
  failed: 'The pictures could not be made. The price was given back to your balance.',
  timedOut: 'The pictures took too long to make. The price was given back to your balance.',
  refused: 'The image service refused this prompt. The price was given back to your balance.',
  cancelled: 'Cancelled. The price was given back to your balance.',
  notCancellable: 'This generation has already started and can no longer be cancelled.',
  promptRefused: 'This prompt asks for something we do not paint. Please describe another picture.',
} as const;

/** Requests carrying an Idempotency-Key (the web sends one with every call that moves money). */
export const IDEMPOTENCY_MESSAGES = {
  malformedKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  keyReused: 'This Idempotency-Key was used for a different request.',
  stillProcessing: 'A request with this Idempotency-Key is still being processed.',
  takenOver: 'A retry with this Idempotency-Key took this request over.',
} as const;

/** Every group of messages above, and the accounts' and orders' own, by a name the web's keys use. */
export const SERVER_MESSAGES = {
  account: ACCOUNT_MESSAGES,
  order: ORDER_MESSAGES,
  balance: BALANCE_MESSAGES,
  generation: GENERATION_MESSAGES,
  idempotency: IDEMPOTENCY_MESSAGES,
  twoStep: TWO_STEP_MESSAGES,
  emailVerification: EMAIL_VERIFICATION_MESSAGES,
  reauthentication: REAUTHENTICATION_MESSAGES,
} as const;
