// The orders module's public face (issue 5): orders, their fulfilment and purchased artworks.
export { ORDER_PAYMENT_WINDOW_MS } from './place-order.js';
export { ordersModule, type OrdersModuleOptions } from './module.js';
export { orderItems, orders, purchasedArtworks } from './schema.js';
