import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  OFFER_ATTRIBUTE_KINDS,
  paths,
  type OfferAttribute,
  type OfferAttributeKind,
} from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { useVariantFile } from '../../../lib/variant-file';
import styles from './offer-details.module.css';

interface VariantPickerProps {
  attributes: readonly OfferAttribute[];
  /** The offer's picture, whose size each variant's file follows. */
  image: { width: number; height: number };
  selectedId: number | null;
  onSelect: (id: number) => void;
}

const isKnownKind = (kind: string): kind is OfferAttributeKind =>
  (OFFER_ATTRIBUTE_KINDS as readonly string[]).includes(kind);

/** The purchasable variants as a radio group: name, what it delivers and price per option. */
export function VariantPicker({ attributes, image, selectedId, onSelect }: VariantPickerProps) {
  const { t } = useTranslation();
  const variantFile = useVariantFile();
  const format = useFormat();
  const name = useId();
  return (
    <fieldset className={styles.variants}>
      <legend className={styles.variantsLegend}>{t('picture.chooseVariant')}</legend>
      {attributes.map((attribute) => {
        // Known kinds are named in the active language; another kind keeps the server's name.
        const kind = isKnownKind(attribute.kind) ? attribute.kind : null;
        return (
          <label key={attribute.id} className={styles.variant}>
            <input
              className={styles.variantInput}
              type="radio"
              name={name}
              value={attribute.id}
              checked={attribute.id === selectedId}
              onChange={() => onSelect(attribute.id)}
            />
            <span className={styles.variantText}>
              <span className={styles.variantName}>
                {kind ? t(`picture.variants.${kind}.name`) : attribute.name}
              </span>
              {kind ? (
                <span className={styles.variantHint}>{t(`picture.variants.${kind}.hint`)}</span>
              ) : null}
              {kind ? <span className={styles.variantHint}>{variantFile(kind, image)}</span> : null}
            </span>
            <span className={styles.variantPrice}>{format.price(attribute.price)}</span>
          </label>
        );
      })}
      <p className={styles.variantHint}>
        {t('picture.licences')}{' '}
        <Link to={paths.personalLicence}>{t('pages.personalLicence.title')}</Link>
        {' · '}
        <Link to={paths.commercialLicence}>{t('pages.commercialLicence.title')}</Link>
      </p>
    </fieldset>
  );
}
