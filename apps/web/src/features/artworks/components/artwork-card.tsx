import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  licencePathFor,
  OFFER_ATTRIBUTE_KINDS,
  paths,
  type PurchasedArtwork,
} from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useVariantFile } from '../../../lib/variant-file';
import { fetchFile, saveFile } from '../../../lib/download';
import styles from './artworks.module.css';

type FileKind = 'original' | 'licence';

/** One purchased artwork with its two authorised downloads. */
export function ArtworkCard({
  artwork,
  picture,
}: {
  artwork: PurchasedArtwork;
  picture: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const variantFile = useVariantFile();
  const [busy, setBusy] = useState<FileKind | null>(null);
  const [error, setError] = useState<unknown>(null);
  const headingId = `artwork-${artwork.id}`;
  const known = OFFER_ATTRIBUTE_KINDS.find((kind) => kind === artwork.kind);
  const kind = known ? t(`picture.variants.${known}.name`) : artwork.kind;

  const download = async (which: FileKind) => {
    setBusy(which);
    setError(null);
    try {
      const url = which === 'original' ? artwork.downloadUrl : artwork.licenceUrl;
      const fallback =
        which === 'original' ? `${artwork.urlName}.jpg` : `${artwork.urlName}-licence.txt`;
      saveFile(await fetchFile(url, fallback));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <li>
      <article className={styles.card} aria-labelledby={headingId}>
        {picture}
        <div className={styles.body}>
          <h2 id={headingId} className={styles.title}>
            <Link to={paths.picture(artwork.urlName)}>{artwork.title}</Link>
          </h2>
          <p className={styles.meta}>
            {kind} (<Link to={licencePathFor(artwork.kind)}>{t('picture.licenceLink')}</Link>)
          </p>
          <p className={styles.meta}>{variantFile(artwork.kind, artwork.image)}</p>
          <p className={styles.meta}>
            {t('artworks.purchased', { date: format.date(artwork.purchasedAt) })}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              aria-describedby={headingId}
              onClick={() => void download('original')}
            >
              {busy === 'original' ? t('artworks.downloading') : t('artworks.download')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              aria-describedby={headingId}
              onClick={() => void download('licence')}
            >
              {busy === 'licence' ? t('artworks.downloading') : t('artworks.licence')}
            </button>
          </div>
          {error !== null ? (
            <p className={styles.error} role="alert">
              {t('artworks.downloadFailed')} {apiErrorText(error, t)}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}
