import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { CategoriesEditor } from '../../../features/admin-catalog/components/categories-editor';

/** /admin/catalog/categories: categories with their names in en, es and ja. */
export default function AdminCatalogCategoriesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.catalog.categories.title')} intro={t('admin.catalog.categories.intro')}>
      <p>
        <Link to={adminPath('catalog')}>{t('admin.catalog.back')}</Link>
      </p>
      <CategoriesEditor />
    </Page>
  );
}
