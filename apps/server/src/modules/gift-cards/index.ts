// The gift-cards module's public face: the orders module issues cards and shows
// them in the order history through these functions; redemption is this module's own route.
export { giftCardKeys, type GiftCardKeys } from './codes.js';
export { issueGiftCard, type IssuedGiftCard } from './issue.js';
export { giftCardsModule } from './module.js';
export { giftCardCodesOfOrder, giftCardsOfOrders } from './order-cards.js';
// The back office: cards by hand, the list, and what a refund does to an order's card.
export { orderGiftCardForAdmin, voidOrderGiftCard } from './admin-cards.js';
// A dispute or provider refund of the order that bought a card takes its value back.
export { lockOrderCard, moveCardValue } from './reversal.js';
