// The orders module's public face: orders, their fulfilment and purchased artworks.
export { ORDER_PAYMENT_WINDOW_MS } from './place-order.js';
export { ordersModule } from './module.js';
export { orderItems, orders, purchasedArtworks } from './schema.js';
// The back office's sales figures.
export {
  offerSales,
  refundsByDay,
  salesByDay,
  type DailyRefunds,
  type DailySales,
  type DayRange,
  type OfferSales,
} from './sales-figures.js';
