import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderQuery,
  AdminRefundResponse,
  Order,
  OrderGiftCardCode,
  OrderRequest,
  PaymentLinkResponse,
  PurchasedArtwork,
} from '@pictura/contract';
import type { StoredFile } from '../../infra/storage/index.js';
import type { Attachment, FileAttachment } from '../../lib/index.js';
import { orderDetail, searchOrders } from './admin-queries.js';
import { refundOrder } from './admin-refund.js';
import { artworkLicence, downloadArtwork, listArtworks } from './artworks.js';
import type { OrdersDeps } from './deps.js';
import { listOrders, orderGiftCardCodes } from './history.js';
import { payOrderAgain } from './pay-again.js';
import { placedOrderAnswer, placeOrder, type PlaceOrderOptions } from './place-order.js';

/**
 * Orders, paying them, their history and purchased artworks, and the back office's view of them.
 * The rules stay in their own files; this binds them to the module's one set of deps, so the
 * routes never reach the database or the payment provider themselves.
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    /** Prices the cart, writes the order and answers where to pay it (place-order.ts). */
    placeOrder: (
      userId: string,
      request: OrderRequest,
      options?: PlaceOrderOptions,
    ): Promise<PaymentLinkResponse> => placeOrder(deps, userId, request, options),

    /** What placing `orderId` answered, for a retry whose first request never answered. */
    placedOrderAnswer: (userId: string, orderId: number): Promise<PaymentLinkResponse> =>
      placedOrderAnswer(deps, userId, orderId),

    /** A failed order's new payment, or a pending order's link (pay-again.ts). */
    payOrderAgain: (
      userId: string,
      orderId: number,
      shopUrl?: string,
    ): Promise<PaymentLinkResponse> => payOrderAgain(deps, userId, orderId, shopUrl),

    /** The user's orders, newest first, without gift card codes. */
    listOrders: (userId: string): Promise<Order[]> => listOrders(deps, userId),

    /** The full codes of an order's unredeemed gift cards, for its owner only. */
    orderGiftCardCodes: (userId: string, orderId: number): Promise<OrderGiftCardCode[]> =>
      orderGiftCardCodes(deps, userId, orderId),

    /** The variants the user bought, newest purchase first. */
    listArtworks: (userId: string): Promise<PurchasedArtwork[]> => listArtworks(deps, userId),

    /** The kept file of one of the user's purchased artworks, opened to be streamed. */
    downloadArtwork: (userId: string, artworkId: number): Promise<FileAttachment<StoredFile>> =>
      downloadArtwork(deps, userId, artworkId),

    /** The licence certificate of one of the user's purchased artworks. */
    artworkLicence: (userId: string, artworkId: number): Promise<Attachment> =>
      artworkLicence(deps, userId, artworkId),

    /** The back office's search over every customer's orders. */
    searchOrders: (query: AdminOrderQuery): Promise<AdminOrderList> => searchOrders(deps.db, query),

    /** The back office's view of one order, its payments and their events. */
    orderDetail: (orderId: number): Promise<AdminOrderDetail> => orderDetail(deps.db, orderId),

    /** A paid order's money back to the buyer's balance, once, audited as `adminId`'s. */
    refundOrder: (
      adminId: string,
      orderId: number,
      reason: string | undefined,
    ): Promise<AdminRefundResponse> =>
      refundOrder(
        deps.db,
        { seller: deps.config.shop, outbox: deps.outbox },
        adminId,
        orderId,
        reason,
      ),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
