import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DETAIL_PREVIEW_SIZES,
  paths,
  type OfferAttribute,
  type OfferDetail,
} from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useCategories } from '../api/get-categories';
import { FILTER_PARAMS } from '../filters';
import { OfferPicture } from './offer-picture';
import { VariantPicker } from './variant-picker';
import styles from './offer-details.module.css';

// Loaded after the page's first view: the server renders it into the HTML, which shows (and opens)
// until the code arrives and takes it over.
const ContentCredentials = lazy(() => import('./content-credentials'));

interface OfferDetailsProps {
  offer: OfferDetail;
  /** What buys the chosen variant (the cart's button, composed in by the page). */
  purchase: (attribute: OfferAttribute) => ReactNode;
}

/** A picture's page body: large preview, title, description, details, tags and variant choice. */
export function OfferDetails({ offer, purchase }: OfferDetailsProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const categories = useCategories();
  const category = categories.data?.find((item) => item.urlName === offer.categoryName);
  const categoryLabel = category?.names[currentLocale(i18n)] ?? offer.categoryName;
  // The cheapest variant is chosen at first; the choice is kept by id across a currency switch.
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen =
    offer.attributes.find((attribute) => attribute.id === chosenId) ?? offer.attributes[0];

  return (
    <article className={styles.details}>
      <nav className={styles.breadcrumb} aria-label={t('picture.breadcrumb')}>
        <ol>
          <li>
            <Link to={paths.gallery}>{t('picture.gallery')}</Link>
          </li>
          <li>
            <Link to={paths.galleryCategory(offer.categoryName)}>{categoryLabel}</Link>
          </li>
          <li aria-current="page">{offer.title}</li>
        </ol>
      </nav>
      <div className={styles.layout}>
        <OfferPicture
          className={styles.preview}
          image={offer.image}
          alt={t('picture.previewAlt', { title: offer.title })}
          sizes={DETAIL_PREVIEW_SIZES}
          loading="largest"
          fit="natural"
        />
        <div className={styles.info}>
          <header className={styles.header}>
            <h1 className={styles.title}>{offer.title}</h1>
            <p className={styles.from}>
              {t('gallery.priceFrom', { price: format.price(offer.price) })}
            </p>
          </header>
          <p className={styles.description}>{offer.description}</p>
          {chosen ? (
            <div className={styles.buy}>
              <VariantPicker
                attributes={offer.attributes}
                image={offer.image}
                selectedId={chosen.id}
                onSelect={setChosenId}
              />
              {purchase(chosen)}
            </div>
          ) : (
            <p className={styles.unavailable}>{t('picture.unavailable')}</p>
          )}
          <h2 className={styles.subheading}>{t('picture.detailsHeading')}</h2>
          <dl className={styles.facts}>
            <dt>{t('picture.style')}</dt>
            <dd>
              {/* "No particular style" is no filter of its own (Style=None means all styles). */}
              {offer.style === 'None' ? (
                t('gallery.styles.None')
              ) : (
                <Link to={`${paths.gallery}?${FILTER_PARAMS.style}=${offer.style}`}>
                  {t(`gallery.styles.${offer.style}`)}
                </Link>
              )}
            </dd>
            <dt>{t('picture.orientation')}</dt>
            <dd>{t(`gallery.orientations.${offer.orientation}`)}</dd>
            <dt>{t('picture.size')}</dt>
            <dd>{t('picture.pixels', { width: offer.image.width, height: offer.image.height })}</dd>
            <dt>{t('picture.category')}</dt>
            <dd>
              <Link to={paths.galleryCategory(offer.categoryName)}>{categoryLabel}</Link>
            </dd>
            <dt>{t('picture.added')}</dt>
            <dd>{format.date(offer.createdAt)}</dd>
          </dl>
          <Suspense>
            <ContentCredentials urlName={offer.urlName} />
          </Suspense>
          {offer.tags.length > 0 ? (
            <>
              <h2 className={styles.subheading}>{t('picture.tags')}</h2>
              <ul className={styles.tags}>
                {offer.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      className={styles.tag}
                      to={`${paths.gallery}?${new URLSearchParams({ [FILTER_PARAMS.search]: tag }).toString()}`}
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The page's shape while the picture loads. */
export function OfferDetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout} role="status">
      <span className="visually-hidden">{t('gallery.loading')}</span>
      <span className={`${styles.preview} ${styles.skeletonBlock}`} aria-hidden="true" />
      <span className={styles.info} aria-hidden="true">
        <span className={`${styles.skeletonBlock} ${styles.skeletonTitle}`} />
        <span className={`${styles.skeletonBlock} ${styles.skeletonLine}`} />
        <span className={`${styles.skeletonBlock} ${styles.skeletonLine}`} />
        <span className={`${styles.skeletonBlock} ${styles.skeletonPanel}`} />
      </span>
    </div>
  );
}
