// The wallet module's public face: topping the balance up by deposit.
export { DEPOSIT_DESCRIPTION, DEPOSIT_PAYMENT_WINDOW_MS } from './service.js';
export { walletModule } from './module.js';
export { depositReference, depositSettlement } from './settlement.js';
