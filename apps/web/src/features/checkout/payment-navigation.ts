/**
 * Leaving for the payment page: a full page load, because the link is the payment provider's page
 * (or, for an order the balance paid in full, the shop's own result page). An object, so that
 * component tests can observe where the shopper was sent (jsdom cannot navigate).
 */
export const paymentNavigation = {
  open(link: string): void {
    window.location.assign(link);
  },
};
