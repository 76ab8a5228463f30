import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useCategories } from '../../features/gallery/api/get-categories';
import { GalleryBrowser } from '../../features/gallery/components/gallery-browser';
import styles from './gallery.module.css';

/** /gallery: every category. The category links appear as soon as they have loaded. */
export default function GalleryPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <div className={styles.gallery}>
      <Page title={t('pages.gallery.title')} intro={t('pages.gallery.intro')} />
      <GalleryBrowser categories={categories.data ?? []} category={null} />
    </div>
  );
}
