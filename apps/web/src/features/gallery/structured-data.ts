import { formatMinorUnits, paths, type OfferDetail } from '@pictura/contract';
import { absoluteUrl } from '../../lib/head';

/** What the breadcrumb trail above a picture says, in the page's language. */
export interface BreadcrumbLabels {
  gallery: string;
  category: string;
}

/**
 * A picture page's schema.org data, read by search engines from the server's HTML: the Product with
 * its cheapest variant as the Offer (the price the page shows first, in the page's currency), and
 * the BreadcrumbList of the trail above the picture. Digital downloads are always in stock.
 */
export function offerStructuredData(
  offer: OfferDetail,
  labels: BreadcrumbLabels,
  image: string | undefined,
): object[] {
  const pageUrl = absoluteUrl(paths.picture(offer.urlName));
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.title,
    description: offer.description,
    ...(image ? { image: [image] } : {}),
    sku: offer.urlName,
    category: labels.category,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: formatMinorUnits(offer.price.amount, offer.price.currency),
      priceCurrency: offer.price.currency,
      availability: 'https://schema.org/InStock',
    },
  };
  const trail = [
    { name: labels.gallery, url: absoluteUrl(paths.gallery) },
    { name: labels.category, url: absoluteUrl(paths.galleryCategory(offer.categoryName)) },
    { name: offer.title, url: pageUrl },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
  return [product, breadcrumbs];
}
