import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from './error-view';
import styles from './app-error-boundary.module.css';

/**
 * The router's error element: any error thrown while loading or rendering a route lands here and
 * shows the error page (docs/product/screens.md#error-pages: fatal or unhandled errors go to it).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    // Unexpected by definition: keep the details in the console for whoever investigates.
    if (!notFound) console.error(error);
  }, [error, notFound]);

  return notFound ? (
    <ErrorView status={404} message={t('errors.pageNotFound')} />
  ) : (
    <ErrorView status={500} message={t('errors.internalServerError')} />
  );
}

/** For an error in the layout itself: the error page alone, still inside a main landmark. */
export function RootRouteError() {
  return (
    <main id="main" className={styles.fallback}>
      <RouteError />
    </main>
  );
}
