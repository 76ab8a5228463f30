import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { paths, routePatterns } from '@pictura/contract';
import { prefetchOffer } from '../features/gallery/api/get-offer';
import { prefetchLatestOffers } from '../features/gallery/api/get-latest-offers';
import { prefetchGallery } from '../features/gallery/prefetch-gallery';
import { RootRouteError, RouteError } from './errors/route-error';
import { requireSignedIn, requireSignedOut } from './guards';
import { Layout } from './layout/layout';
import { PageLoading } from './page-loading';

export type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

/**
 * Each page module is its own chunk, loaded when its route is first shown. Only the first views'
 * (and the unknown address's, which the gallery's and picture's pages show) are imported from here:
 * Vite writes next to each dynamic import the list of files to preload with it, and those of every
 * page made 1.6 kB of the entry. The other pages are imported by later-pages.ts, a chunk of its own
 * loaded on the way to the first of them.
 */
const firstViewPages = import.meta.glob<PageModule>(
  './routes/{home,gallery,gallery-category,picture,not-found}.tsx',
);

/**
 * The legal pages' loader: their texts in the page's language. Its code (with the list of the
 * texts' chunks) comes with the first legal page, beside that page's own: no first view needs it.
 */
const prefetchLegalTexts =
  (queryClient: QueryClient): LoaderFunction =>
  async (args) => {
    const legal = await import('../features/legal/use-legal-document');
    return legal.prefetchLegalTexts(queryClient)(args);
  };

/** What the server reads of a route: the page module it renders (its code and styles). */
export interface PageHandle {
  /** The module's path under src/app/routes, without `.tsx`. */
  page: string;
  /** Behind the sign-in guard: the server draws only the shell of the page. */
  signedIn: boolean;
}

function routePage(
  wrap: LazyPage,
  name: string,
  signedIn: boolean,
): Pick<RouteObject, 'lazy' | 'handle'> {
  const load: PageImport =
    firstViewPages[`./routes/${name}.tsx`] ??
    (() => import('./later-pages').then(({ loadLaterPage }) => loadLaterPage(name)));
  const handle: PageHandle = { page: name, signedIn };
  return { lazy: wrap(load), handle };
}

/**
 * Turns a page module import into a route `lazy` function: each page is its own chunk. The caller
 * decides what a failed chunk load does (release detection reloads the app, see router.tsx).
 */
export type LazyPage = (load: PageImport) => () => Promise<{ Component: ComponentType }>;

/**
 * Every route of docs/product/screens.md#routes; `page` wraps each page's dynamic import. With
 * `queryClient`, the catalog and legal pages' loaders start their data requests alongside the
 * page's code. `signedInPage` wraps the pages behind the sign-in guard: the server renders only
 * their shell.
 */
export function createRoutes(
  page: LazyPage,
  queryClient?: QueryClient,
  signedInPage: LazyPage = page,
): RouteObject[] {
  const open = (name: string) => routePage(page, name, false);
  const guarded = (name: string) => routePage(signedInPage, name, true);
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
              ...open('home'),
            },
            {
              path: paths.gallery,
              loader: queryClient && prefetchGallery(queryClient),
              ...open('gallery'),
            },
            {
              path: routePatterns.galleryCategory,
              loader: queryClient && prefetchGallery(queryClient),
              ...open('gallery-category'),
            },
            {
              path: routePatterns.picture,
              loader: queryClient && prefetchOffer(queryClient),
              ...open('picture'),
            },
            { path: paths.create, ...open('create') },
            { path: paths.giftCard, ...open('gift-card') },
            { path: paths.contact, ...open('contact') },
            {
              path: paths.privacyPolicy,
              loader: queryClient && prefetchLegalTexts(queryClient),
              ...open('privacy-policy'),
            },
            {
              path: paths.termsAndConditions,
              loader: queryClient && prefetchLegalTexts(queryClient),
              ...open('terms-and-conditions'),
            },
            {
              path: paths.personalLicence,
              loader: queryClient && prefetchLegalTexts(queryClient),
              ...open('personal-licence'),
            },
            {
              path: paths.commercialLicence,
              loader: queryClient && prefetchLegalTexts(queryClient),
              ...open('commercial-licence'),
            },
            { path: paths.wallet, ...open('wallet') },
            { path: paths.error, ...open('error') },
            { path: paths.notLoggedIn, ...open('not-logged-in') },
            { path: paths.paymentResult, ...open('payment-result') },
            { path: paths.verifyEmail, ...open('verify-email') },
            { path: paths.undoEmailChange, ...open('undo-email-change') },
            {
              loader: requireSignedOut,
              children: [
                { path: paths.login, ...open('login') },
                { path: paths.signUp, ...open('sign-up') },
                {
                  path: paths.forgotPassword,
                  ...open('forgot-password'),
                },
                { path: paths.resetPassword, ...open('reset-password') },
              ],
            },
            {
              loader: requireSignedIn,
              children: [
                {
                  path: paths.accountSettings,
                  ...guarded('account-settings'),
                },
                { path: paths.artworks, ...guarded('artworks') },
                {
                  path: paths.billingInformation,
                  ...guarded('billing-information'),
                },
                { path: paths.cart, ...guarded('cart') },
                { path: paths.orderHistory, ...guarded('order-history') },
                {
                  // The back office: its own chunks, loaded only when an admin opens it.
                  path: '/admin',
                  ...guarded('admin/layout'),
                  children: [
                    { index: true, ...guarded('admin/overview') },
                    { path: 'orders', ...guarded('admin/orders') },
                    { path: 'orders/:orderId', ...guarded('admin/order') },
                    { path: 'customers', ...guarded('admin/customers') },
                    {
                      path: 'customers/:customerId',
                      ...guarded('admin/customer'),
                    },
                    { path: 'gift-cards', ...guarded('admin/gift-cards') },
                    { path: 'tickets', ...guarded('admin/tickets') },
                    {
                      path: 'tickets/:ticketNumber',
                      ...guarded('admin/ticket'),
                    },
                    { path: 'sales', ...guarded('admin/sales') },
                    { path: 'audit', ...guarded('admin/audit') },
                    { path: 'catalog', ...guarded('admin/catalog') },
                    {
                      path: 'catalog/new',
                      ...guarded('admin/catalog-offer'),
                    },
                    {
                      path: 'catalog/offers/:id',
                      ...guarded('admin/catalog-offer'),
                    },
                    {
                      path: 'catalog/categories',
                      ...guarded('admin/catalog-categories'),
                    },
                  ],
                },
              ],
            },
            { path: '*', ...open('not-found') },
          ],
        },
      ],
    },
  ];
}
