import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { OffersTable } from '../../../features/admin-catalog/components/offers-table';

/** /admin/catalog: the offers, published or not, with links to the editors. */
export default function AdminCatalogPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.catalog.title')} intro={t('admin.catalog.intro')}>
      <p>
        <Link className="button button--primary" to={adminPath('catalog/new')}>
          {t('admin.catalog.newOffer')}
        </Link>{' '}
        <Link className="button button--secondary" to={adminPath('catalog/categories')}>
          {t('admin.catalog.categories.title')}
        </Link>
      </p>
      <OffersTable offerPath={(id) => adminPath(`catalog/offers/${id}`)} />
    </Page>
  );
}
