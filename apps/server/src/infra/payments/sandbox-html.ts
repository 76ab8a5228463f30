import { formatMinorUnits, type Currency, type PaymentFailureReason } from '@pictura/contract';
import { groupCardNumber, SANDBOX_TEST_CARDS } from './sandbox-cards.js';
import type { SandboxSession } from './sandbox-gateway.js';
import { sandboxPaths } from './sandbox-paths.js';

// The sandbox stands for a third-party provider's page, as a developer or tester meets it, so it
// speaks English only (the shop's own pages are translated).
const MERCHANT = 'Pictura';

/** Everything printed goes through here: descriptions and typed card numbers are not ours. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** "€12.50 EUR": formatted from the exact decimal string, never through a float. */
export function formatAmount(amount: number, currency: Currency): string {
  const decimal = formatMinorUnits(amount, currency) as Intl.StringNumericLiteral;
  return `${new Intl.NumberFormat('en', { style: 'currency', currency }).format(decimal)} ${currency}`;
}

// No inline script or style anywhere: the app's CSP (http/security.ts) forbids both.
const layout = (title: string, content: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${MERCHANT} sandbox payments</title>
<link rel="stylesheet" href="${sandboxPaths.stylesheet}">
</head>
<body>
<main>
<p class="sandbox-badge">Sandbox: test cards only, no money moves</p>
${content}
</main>
</body>
</html>
`;

const summary = (session: SandboxSession): string => `<dl class="summary">
<dt>Merchant</dt><dd>${MERCHANT}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(formatAmount(session.amount, session.currency))}</dd>
${session.description ? `<dt>For</dt><dd>${escapeHtml(session.description)}</dd>` : ''}
<dt>Reference</dt><dd><code>${escapeHtml(session.reference)}</code></dd>
</dl>`;

const sessionField = (token: string): string =>
  `<input type="hidden" name="session" value="${escapeHtml(token)}">`;

const returnLink = (session: SandboxSession, text: string): string =>
  `<a class="cancel" href="${escapeHtml(session.returnUrl)}">${escapeHtml(text)}</a>`;

export const CARD_ERROR = 'Use one of the test cards listed below.';
export const DECLINED_ERROR = 'Your card was declined. Try another card, or cancel the payment.';
export const AUTHENTICATION_ERROR =
  '3-D Secure authentication failed. Try another card, or cancel the payment.';

/** Why the form is shown again, with the number the shopper typed. */
export interface CardRejection {
  cardNumber: string;
  message: string;
  /** A refusal by the card's bank: a cancel after it tells the shop this as the failure's reason. */
  failureReason?: PaymentFailureReason;
}

/**
 * The payment form; after a refused card, again with the number typed and why. As on Stripe's
 * page, a declined card leaves the payment open for another card; only "Cancel payment" ends it.
 */
export function payPage(session: SandboxSession, token: string, rejected?: CardRejection): string {
  const error = rejected !== undefined;
  const cards = SANDBOX_TEST_CARDS.map(
    (card) => `<li><code>${groupCardNumber(card.number)}</code>: ${escapeHtml(card.effect)}</li>`,
  ).join('\n');
  return layout(
    `Pay ${MERCHANT}`,
    `<h1>Pay ${MERCHANT}</h1>
${summary(session)}
<form method="post" action="${sandboxPaths.pay}">
${sessionField(token)}
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" required maxlength="32"${
      error
        ? ` value="${escapeHtml(rejected.cardNumber)}" aria-invalid="true" aria-describedby="card-error" autofocus`
        : ''
    }>
${error ? `<p id="card-error" class="error" role="alert">${escapeHtml(rejected.message)}</p>` : ''}
<div class="actions"><button type="submit">Pay</button></div>
</form>
<form method="post" action="${sandboxPaths.cancel}">
${sessionField(token)}
${rejected?.failureReason ? `<input type="hidden" name="reason" value="${rejected.failureReason}">` : ''}
<div class="actions"><button type="submit" class="secondary">Cancel payment</button></div>
</form>
<h2 id="test-cards-title">Test cards</h2>
<ul class="test-cards" aria-labelledby="test-cards-title">
${cards}
</ul>
${returnLink(session, `Cancel and return to ${MERCHANT}`)}`,
  );
}

/** The bank's 3-D Secure step for the challenge card: the tester picks the outcome. */
export const challengePage = (session: SandboxSession, token: string): string =>
  layout(
    '3-D Secure authentication',
    `<h1>3-D Secure authentication</h1>
<p>Your bank asks you to confirm this payment. In the sandbox you choose what happens.</p>
${summary(session)}
<form method="post" action="${sandboxPaths.challenge}">
${sessionField(token)}
<div class="actions">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</div>
</form>`,
  );

export const expiredPage = (session: SandboxSession): string =>
  layout(
    'Payment expired',
    `<h1>This payment has expired</h1>
<p>The time to pay has run out and nothing was charged. Return to ${MERCHANT} to start again.</p>
${summary(session)}
${returnLink(session, `Return to ${MERCHANT}`)}`,
  );

export const invalidLinkPage = (): string =>
  layout(
    'Payment link not valid',
    `<h1>This payment link is not valid</h1>
<p>It may have been copied incompletely. Return to ${MERCHANT} and start the payment again.</p>`,
  );

/** The shop did not accept the webhook: the same event can be sent again. */
export const deliveryFailedPage = (deliveryToken: string): string =>
  layout(
    'Payment result not delivered',
    `<h1>${MERCHANT} has not received the result yet</h1>
<p class="error" role="alert">The result of your payment could not be passed on to ${MERCHANT}. Sending it again does not charge you twice.</p>
<form method="post" action="${sandboxPaths.redeliver}">
<input type="hidden" name="delivery" value="${escapeHtml(deliveryToken)}">
<div class="actions"><button type="submit">Try again</button></div>
</form>`,
  );
