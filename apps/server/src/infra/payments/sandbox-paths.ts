import { apiPaths } from '@pictura/contract';

/**
 * The sandbox's hosted pages, under /api like every server route (docs/product/api.md#conventions).
 */
export const sandboxPaths = {
  /** GET: the payment page (`?session=<token>`); POST: the card form. */
  pay: `${apiPaths.paymentsSandbox}/pay`,
  /** POST: the 3-D Secure challenge's answer. */
  challenge: `${apiPaths.paymentsSandbox}/challenge`,
  /** POST: "Cancel payment": the shopper gives up, the payment fails. */
  cancel: `${apiPaths.paymentsSandbox}/cancel`,
  /** POST: "Try again" after the shop did not accept the webhook. */
  redeliver: `${apiPaths.paymentsSandbox}/redeliver`,
  /** Served as a file: the app's CSP allows style sheets from 'self' but no inline styles. */
  stylesheet: `${apiPaths.paymentsSandbox}/sandbox.css`,
} as const;
