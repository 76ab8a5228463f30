import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type PurchasedArtwork } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useArtworks } from '../api/get-artworks';
import { ArtworkCard } from './artwork-card';
import styles from './artworks.module.css';

interface ArtworkGridProps {
  /** The preview of an artwork (the gallery's picture), composed in by the page. */
  renderPicture: (artwork: PurchasedArtwork, index: number) => ReactNode;
}

/** Every purchased artwork, with loading, empty and error states. */
export function ArtworkGrid({ renderPicture }: ArtworkGridProps) {
  const { t } = useTranslation();
  const artworks = useArtworks();

  if (artworks.isPending) return <p role="status">{t('artworks.loading')}</p>;
  if (artworks.isError) {
    return (
      <div className={styles.box} role="alert">
        <p className={styles.boxTitle}>{t('artworks.loadFailed')}</p>
        <p className={styles.boxText}>{apiErrorText(artworks.error, t)}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void artworks.refetch()}
        >
          {t('artworks.retry')}
        </button>
      </div>
    );
  }
  if (artworks.data.length === 0) {
    return (
      <div className={styles.box}>
        <p className={styles.boxTitle}>{t('artworks.emptyTitle')}</p>
        <p className={styles.boxText}>{t('artworks.emptyText')}</p>
        <Link className="button button--primary" to={paths.gallery}>
          {t('artworks.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className={styles.grid}>
      {artworks.data.map((artwork, index) => (
        <ArtworkCard key={artwork.id} artwork={artwork} picture={renderPicture(artwork, index)} />
      ))}
    </ul>
  );
}
