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
import { absoluteUrl, usePageMeta } from '../../lib/head';
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

/** The largest WebP preview: the most widely understood format for link previews. */
function shareImage(offer: OfferDetail): string | undefined {
  const webp = offer.image.previews.filter((preview) => preview.format === 'webp');
  const largest = webp.sort((a, b) => b.width - a.width)[0];
  return largest ? absoluteUrl(largest.url) : undefined;
}

function Picture({ offer }: { offer: OfferDetail }) {
  useDocumentTitle(offer.title);
  usePageMeta({
    description: offer.description,
    openGraph: {
      title: offer.title,
      description: offer.description,
      image: shareImage(offer),
      type: 'website',
    },
  });
  return (
    <OfferDetails
      offer={offer}
      purchase={(attribute) => <AddToCart attributeId={attribute.id} />}
    />
  );
}
