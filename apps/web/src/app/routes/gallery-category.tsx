import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { useCategories } from '../../features/gallery/api/get-categories';
import { GalleryBrowser } from '../../features/gallery/components/gallery-browser';
import { OfferGridSkeleton } from '../../features/gallery/components/offer-grid';
import { QueryError } from '../../features/gallery/components/query-states';
import { currentLocale } from '../../lib/i18n';
import styles from './gallery.module.css';
import NotFoundPage from './not-found';

/**
 * /gallery/{categoryName}: the gallery narrowed to one category, headed by its name in the active
 * language. A name that is no category is an unknown page (the 404 page,
 * docs/product/screens.md#error-pages).
 */
export default function GalleryCategoryPage() {
  const { t, i18n } = useTranslation();
  const { categoryName = '' } = useParams();
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <div className={styles.gallery}>
        <Page title={t('gallery.categoryLoading')} documentTitle={t('pages.gallery.title')} />
        <OfferGridSkeleton />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div className={styles.gallery}>
        <Page title={t('pages.gallery.title')} />
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
      </div>
    );
  }
  const category = categories.data.find((item) => item.urlName === categoryName);
  if (!category) return <NotFoundPage />;

  return (
    <div className={styles.gallery}>
      <Page title={category.names[currentLocale(i18n)]} intro={t('gallery.categoryIntro')} />
      <GalleryBrowser categories={categories.data} category={category.urlName} />
    </div>
  );
}
