import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths, routePatterns } from '@pictura/contract';
import { prefetchOffer } from '../features/gallery/api/get-offer';
import { prefetchLatestOffers } from '../features/gallery/api/get-latest-offers';
import { prefetchGallery } from '../features/gallery/prefetch-gallery';
import { RootRouteError, RouteError } from './errors/route-error';
import { requireSignedIn, requireSignedOut } from './guards';
import { Layout } from './layout/layout';
import { PageLoading } from './page-loading';

type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

/**
 * Turns a page module import into a route `lazy` function: each page is its own chunk. The caller
 * decides what a failed chunk load does (release detection reloads the app, see router.tsx).
 */
export type LazyPage = (load: PageImport) => () => Promise<{ Component: ComponentType }>;

/**
 * Every route of seed-spec section 2; `page` wraps each page's dynamic import. With `queryClient`,
 * the picture page's loader starts its data request alongside the page's code.
 */
export function createRoutes(page: LazyPage, queryClient?: QueryClient): RouteObject[] {
  return [
    {
      // Errors in the layout itself: the error page without the layout around it.
      Component: Layout,
      errorElement: <RootRouteError />,
      children: [
        {
          // Errors of a page: the error page inside the layout, header and footer still usable.
          errorElement: <RouteError />,
          // While the first page's code and loader are on their way, the layout (header, cookie banner,
          // footer) is already drawn around this fallback and stays when the page comes: the router
          // renders the routes above the first one with a HydrateFallback as they are.
          HydrateFallback: PageLoading,
          children: [
            {
              index: true,
              loader: queryClient && prefetchLatestOffers(queryClient),
              lazy: page(() => import('./routes/home')),
            },
            {
              path: paths.gallery,
              loader: queryClient && prefetchGallery(queryClient),
              lazy: page(() => import('./routes/gallery')),
            },
            {
              path: routePatterns.galleryCategory,
              loader: queryClient && prefetchGallery(queryClient),
              lazy: page(() => import('./routes/gallery-category')),
            },
            {
              path: routePatterns.picture,
              loader: queryClient && prefetchOffer(queryClient),
              lazy: page(() => import('./routes/picture')),
            },
            { path: paths.create, lazy: page(() => import('./routes/create')) },
            { path: paths.giftCard, lazy: page(() => import('./routes/gift-card')) },
            { path: paths.contact, lazy: page(() => import('./routes/contact')) },
            { path: paths.privacyPolicy, lazy: page(() => import('./routes/privacy-policy')) },
            {
              path: paths.termsAndConditions,
              lazy: page(() => import('./routes/terms-and-conditions')),
            },
            {
              path: paths.personalLicence,
              lazy: page(() => import('./routes/personal-licence')),
            },
            {
              path: paths.commercialLicence,
              lazy: page(() => import('./routes/commercial-licence')),
            },
            { path: paths.wallet, lazy: page(() => import('./routes/wallet')) },
            { path: paths.error, lazy: page(() => import('./routes/error')) },
            { path: paths.notLoggedIn, lazy: page(() => import('./routes/not-logged-in')) },
            { path: paths.paymentResult, lazy: page(() => import('./routes/payment-result')) },
            { path: paths.verifyEmail, lazy: page(() => import('./routes/verify-email')) },
            {
              loader: requireSignedOut,
              children: [
                { path: paths.login, lazy: page(() => import('./routes/login')) },
                { path: paths.signUp, lazy: page(() => import('./routes/sign-up')) },
                {
                  path: paths.forgotPassword,
                  lazy: page(() => import('./routes/forgot-password')),
                },
                { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
              ],
            },
            {
              loader: requireSignedIn,
              children: [
                {
                  path: paths.accountSettings,
                  lazy: page(() => import('./routes/account-settings')),
                },
                { path: paths.artworks, lazy: page(() => import('./routes/artworks')) },
                {
                  path: paths.billingInformation,
                  lazy: page(() => import('./routes/billing-information')),
                },
                { path: paths.cart, lazy: page(() => import('./routes/cart')) },
                { path: paths.orderHistory, lazy: page(() => import('./routes/order-history')) },
                {
                  // The back office: its own chunks, loaded only when an admin opens it.
                  path: '/admin',
                  lazy: page(() => import('./routes/admin/layout')),
                  children: [
                    { index: true, lazy: page(() => import('./routes/admin/overview')) },
                    { path: 'orders', lazy: page(() => import('./routes/admin/orders')) },
                    { path: 'orders/:orderId', lazy: page(() => import('./routes/admin/order')) },
                    { path: 'customers', lazy: page(() => import('./routes/admin/customers')) },
                    {
                      path: 'customers/:customerId',
                      lazy: page(() => import('./routes/admin/customer')),
                    },
                    { path: 'gift-cards', lazy: page(() => import('./routes/admin/gift-cards')) },
                    { path: 'tickets', lazy: page(() => import('./routes/admin/tickets')) },
                    {
                      path: 'tickets/:ticketNumber',
                      lazy: page(() => import('./routes/admin/ticket')),
                    },
                    { path: 'sales', lazy: page(() => import('./routes/admin/sales')) },
                    { path: 'audit', lazy: page(() => import('./routes/admin/audit')) },
                    { path: 'catalog', lazy: page(() => import('./routes/admin/catalog')) },
                    {
                      path: 'catalog/new',
                      lazy: page(() => import('./routes/admin/catalog-offer')),
                    },
                    {
                      path: 'catalog/offers/:id',
                      lazy: page(() => import('./routes/admin/catalog-offer')),
                    },
                    {
                      path: 'catalog/categories',
                      lazy: page(() => import('./routes/admin/catalog-categories')),
                    },
                  ],
                },
              ],
            },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ];
}
