// The orders module's public face: its plugin, the orders table, and the sales figures the back
// office's sales report reads.
export { ordersModule } from './module.js';
// `npm run worker` makes paid orders' files too.
export { startDeliveryRuntime, type DeliveryRuntime } from './delivery-runtime.js';
export { orders } from './schema.js';
// The data export packs the files a user bought, as their downloads give them.
export { downloadArtwork } from './artworks.js';
export {
  offerSales,
  refundsByDay,
  salesByDay,
  vatByMonth,
  type DailyRefunds,
  type DailySales,
  type DayRange,
  type MonthlyVat,
  type OfferSales,
} from './sales-figures.js';
