import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { apiErrorText } from '../../../lib/api-error-text';
import { adminPath } from '../../../features/admin/admin-nav';
import { useAdminCategories } from '../../../features/admin-catalog/api/get-admin-categories';
import { useAdminOffer } from '../../../features/admin-catalog/api/get-admin-offer';
import { OfferEditor } from '../../../features/admin-catalog/components/offer-editor';

/** /admin/catalog/new and /admin/catalog/offers/{id}: the offer editor. */
export default function AdminCatalogOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const offerId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const offer = useAdminOffer(offerId);
  const categories = useAdminCategories();
  const editing = id !== undefined;

  const failure = (editing && offer.error) || categories.error;
  const ready = categories.data && (!editing || offer.data);
  return (
    <Page title={editing ? t('admin.catalog.editOffer') : t('admin.catalog.newOffer')}>
      <p>
        <Link to={adminPath('catalog')}>{t('admin.catalog.back')}</Link>
      </p>
      {editing && offerId === undefined ? <p role="alert">{t('admin.catalog.notFound')}</p> : null}
      {failure ? <p role="alert">{apiErrorText(failure, t)}</p> : null}
      {!ready && !failure ? <p role="status">{t('admin.catalog.loading')}</p> : null}
      {ready ? (
        <OfferEditor
          key={offer.data?.id ?? 'new'}
          offer={offer.data}
          categories={categories.data}
          onSaved={(saved) => {
            if (!editing) void navigate(adminPath(`catalog/offers/${saved.id}`));
          }}
        />
      ) : null}
    </Page>
  );
}
