import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { OfferDetail } from '@pictura/contract';
import { Page } from '../../components/page';
import { AddToCart } from '../../features/cart/components/add-to-cart';
import { isOfferNotFound, useOffer } from '../../features/gallery/api/get-offer';
import {
  OfferDetails,
  OfferDetailsSkeleton,
} from '../../features/gallery/components/offer-details';
import { QueryError } from '../../features/gallery/components/query-states';
import { useCategories } from '../../features/gallery/api/get-categories';
import { shareImageOf } from '../../features/gallery/preview-sources';
import { offerStructuredData } from '../../features/gallery/structured-data';
import { usePageMeta } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';
import { useServerHead } from '../../lib/page-head';
import { useDocumentTitle } from '../../lib/use-document-title';
import NotFoundPage from './not-found';

/**
 * /gallery/picture/{urlName}: one picture with its variants; the cart's button buys the chosen
 * one. A name the server does not know (or has not published) shows the 404 page.
 */
export default function PicturePage() {
  const { t } = useTranslation();
  const { urlName = '' } = useParams();
  const offer = useOffer(urlName);

  if (offer.data) return <Picture offer={offer.data} />;
  if (isOfferNotFound(offer.error)) return <NotFoundPage />;
  if (offer.isError) {
    return (
      <Page title={t('picture.errorTitle')}>
        <QueryError error={offer.error} onRetry={() => void offer.refetch()} />
      </Page>
    );
  }
  return <OfferDetailsSkeleton />;
}

function Picture({ offer }: { offer: OfferDetail }) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const category = categories.data?.find((item) => item.urlName === offer.categoryName);
  const image = shareImageOf(offer.image);
  useDocumentTitle(offer.title);
  usePageMeta({
    description: offer.description,
    openGraph: { title: offer.title, description: offer.description, image, type: 'product' },
  });
  useServerHead({
    structuredData: offerStructuredData(
      offer,
      {
        gallery: t('picture.gallery'),
        category: category?.names[currentLocale(i18n)] ?? offer.categoryName,
      },
      image,
    ),
  });
  return (
    <OfferDetails
      offer={offer}
      purchase={(attribute) => <AddToCart attributeId={attribute.id} />}
    />
  );
}
