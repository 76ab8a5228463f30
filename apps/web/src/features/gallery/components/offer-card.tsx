import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type OfferSummary } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { OfferPicture } from './offer-picture';
import styles from './offer-grid.module.css';

/**
 * Card widths of the grid (offer-grid.module.css): four columns on wide screens, two on phones,
 * where a card is half the screen less the page's side padding and half the gap (about 1.75rem).
 * Saying plain 50vw there made phones fetch the next larger preview, twice the pixels needed.
 */
export const CARD_SIZES = '(min-width: 72rem) 17rem, (min-width: 48rem) 30vw, calc(50vw - 1.75rem)';

interface OfferCardProps {
  offer: OfferSummary;
  /** Above the fold when the page opens: its picture loads at once (OfferPicture's `first-view`). */
  firstView: boolean;
  /** The link, for moving focus to the first card that "Load more" brought. */
  ref?: Ref<HTMLAnchorElement>;
}

/** One picture in a grid. The whole card is one link, named by the title, to the picture's page. */
export function OfferCard({ offer, firstView, ref }: OfferCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article className={styles.card}>
      <OfferPicture
        className={styles.cardImage}
        image={offer.image}
        alt=""
        sizes={CARD_SIZES}
        loading={firstView ? 'first-view' : 'lazy'}
        fit="contain"
      />
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>
          <Link ref={ref} className={styles.cardLink} to={paths.picture(offer.urlName)}>
            {offer.title}
          </Link>
        </h3>
        <p className={styles.cardMeta}>
          {t(`gallery.styles.${offer.style}`)} · {t(`gallery.orientations.${offer.orientation}`)}
        </p>
        <p className={styles.cardPrice}>
          {t('gallery.priceFrom', { price: format.price(offer.price) })}
        </p>
      </div>
    </article>
  );
}
