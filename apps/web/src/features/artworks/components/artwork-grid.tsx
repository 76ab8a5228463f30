import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type PurchasedArtwork } from '@pictura/contract';
import pictureGrid from '../../../components/picture-grid.module.css';
import stateBox from '../../../components/state-box.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useArtworks } from '../api/get-artworks';
import { ArtworkCard } from './artwork-card';

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
      <div className={stateBox.centered} role="alert">
        <p className={stateBox.title}>{t('artworks.loadFailed')}</p>
        <p className={stateBox.text}>{apiErrorText(artworks.error, t)}</p>
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
      <div className={stateBox.centered}>
        <p className={stateBox.title}>{t('artworks.emptyTitle')}</p>
        <p className={stateBox.text}>{t('artworks.emptyText')}</p>
        <Link className="button button--primary" to={paths.gallery}>
          {t('artworks.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className={pictureGrid.grid}>
      {artworks.data.map((artwork, index) => (
        <ArtworkCard key={artwork.id} artwork={artwork} picture={renderPicture(artwork, index)} />
      ))}
    </ul>
  );
}
