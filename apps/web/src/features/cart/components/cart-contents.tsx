import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { licencePathFor, paths, type OfferAttributeLookup } from '@pictura/contract';
import stateBox from '../../../components/state-box.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useVariantFile } from '../../../lib/variant-file';
import { cartStore } from '../cart-store';
import type { CartLine } from '../cart-lines';
import { giftCardStore } from '../gift-card-store';
import type { Cart } from '../use-cart';
import styles from './cart-contents.module.css';

interface CartContentsProps {
  cart: Cart;
  /** The picture of a line (the gallery's preview), composed in by the page. */
  renderPicture: (attribute: OfferAttributeLookup) => ReactNode;
}

/**
 * The cart's lines (pictures and the gift card) with their prices in the active currency, the
 * total and a remove button per line. After a removal, focus goes to the heading and a status
 * line says what was removed, so keyboard and screen-reader users are not left on nothing.
 */
export function CartContents({ cart, renderPicture }: CartContentsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState('');

  const afterRemoval = (name: string) => {
    setRemoved(t('cartPage.removed', { name }));
    heading.current?.focus();
  };

  if (cart.isEmpty) {
    return (
      <div className={styles.cart}>
        <p className={styles.status} role="status">
          {removed}
        </p>
        <EmptyCart />
      </div>
    );
  }

  return (
    <section className={styles.cart} aria-labelledby="cart-lines-heading">
      <div className={styles.top}>
        <h2 id="cart-lines-heading" className={styles.heading} ref={heading} tabIndex={-1}>
          {t('cartPage.linesHeading')}
        </h2>
        <p className={styles.status} role="status">
          {removed}
        </p>
      </div>
      {cart.error ? (
        <div className={stateBox.centered} role="alert">
          <p className={stateBox.title}>{t('cartPage.loadFailed')}</p>
          <p className={stateBox.narrowText}>{apiErrorText(cart.error, t)}</p>
          <button type="button" className="button button--primary" onClick={cart.retry}>
            {t('cartPage.retry')}
          </button>
        </div>
      ) : null}
      {cart.isLoading ? <p role="status">{t('cartPage.loading')}</p> : null}
      <ul className={styles.lines}>
        {cart.isLoading || cart.error
          ? null
          : cart.lines.map((line) => (
              <PictureLine
                key={line.attributeId}
                line={line}
                renderPicture={renderPicture}
                onRemoved={afterRemoval}
              />
            ))}
        {cart.giftCard ? (
          <li className={styles.line}>
            <span className={styles.giftIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor">
                <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0" />
              </svg>
            </span>
            <div className={styles.text}>
              <p className={styles.title}>{t('cartPage.giftCard')}</p>
              <p className={styles.meta}>
                <Link to={paths.giftCard}>{t('cartPage.changeGiftCard')}</Link>
              </p>
            </div>
            <div className={styles.end}>
              <span className={styles.price}>
                {format.price({ amount: cart.giftCard.amount, currency: cart.giftCard.currency })}
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('cartPage.removeNamed', { name: t('cartPage.giftCard') })}
                onClick={() => {
                  giftCardStore.clear();
                  afterRemoval(t('cartPage.giftCard'));
                }}
              >
                {t('cartPage.remove')}
              </button>
            </div>
          </li>
        ) : null}
      </ul>
      {cart.isLoading || cart.error ? null : (
        <p className={styles.total}>
          <span>{t('cartPage.total')}</span>
          <span>{format.price(cart.total)}</span>
        </p>
      )}
    </section>
  );
}

function PictureLine({
  line,
  renderPicture,
  onRemoved,
}: {
  line: CartLine;
  renderPicture: CartContentsProps['renderPicture'];
  onRemoved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const variantFile = useVariantFile();
  const { attribute } = line;
  const kind =
    attribute?.kind === 'standard' || attribute?.kind === 'full'
      ? t(`picture.variants.${attribute.kind}.name`)
      : (attribute?.kind ?? '');
  const name = attribute ? `${attribute.title} (${kind})` : t('cartPage.unavailableName');
  return (
    <li className={styles.line}>
      <div className={styles.thumb}>{attribute ? renderPicture(attribute) : null}</div>
      <div className={styles.text}>
        {attribute ? (
          <>
            <p className={styles.title}>
              <Link to={paths.picture(attribute.urlName)}>{attribute.title}</Link>
            </p>
            <p className={styles.meta}>
              {kind} (<Link to={licencePathFor(attribute.kind)}>{t('picture.licenceLink')}</Link>)
            </p>
            <p className={styles.meta}>{variantFile(attribute.kind, attribute.image)}</p>
          </>
        ) : (
          <>
            <p className={styles.title}>{t('cartPage.unavailableName')}</p>
            <p className={styles.warning}>{t('cartPage.unavailable')}</p>
          </>
        )}
      </div>
      <div className={styles.end}>
        {attribute ? <span className={styles.price}>{format.price(attribute.price)}</span> : null}
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('cartPage.removeNamed', { name })}
          onClick={() => {
            cartStore.remove(line.attributeId);
            onRemoved(name);
          }}
        >
          {t('cartPage.remove')}
        </button>
      </div>
    </li>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className={stateBox.centered}>
      <p className={stateBox.title}>{t('cartPage.emptyTitle')}</p>
      <p className={stateBox.narrowText}>{t('cartPage.emptyText')}</p>
      <div className={styles.links}>
        <Link className="button button--primary" to={paths.gallery}>
          {t('cartPage.browseGallery')}
        </Link>
        <Link className="button button--secondary" to={paths.giftCard}>
          {t('cartPage.buyGiftCard')}
        </Link>
      </div>
    </div>
  );
}
