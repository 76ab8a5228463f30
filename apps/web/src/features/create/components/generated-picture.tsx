import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeneratedPicture as Picture, GenerationJob } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { fetchFile, saveFile } from '../../../lib/download';
import { AuthorizedImage } from './authorized-image';
import styles from './generation.module.css';

/** The name to save under when the server names none: short job id and picture number. */
const fallbackName = (job: GenerationJob, n: number) => `pictura-${job.id.slice(0, 8)}-${n}.jpg`;

interface GeneratedPictureProps {
  job: GenerationJob;
  picture: Picture;
  /** What to say about the picture between it and its download button. */
  details?: ReactNode;
}

/** One delivered picture: its preview and a button that downloads the picture itself. */
export function GeneratedPicture({ job, picture, details }: GeneratedPictureProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const alt = t('create.job.pictureAlt', { n: picture.n, count: job.count, prompt: job.prompt });

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchFile(picture.downloadUrl, fallbackName(job, picture.n)));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <figure className={styles.picture}>
      <div className={styles.frame}>
        <AuthorizedImage
          url={picture.previewUrl}
          width={picture.width}
          height={picture.height}
          placeholder={picture.placeholder}
          alt={alt}
          onError={() => setPreviewFailed(true)}
        />
      </div>
      {details}
      <figcaption className={styles.pictureActions}>
        <span className={styles.muted}>
          {previewFailed
            ? t('create.job.previewFailed')
            : t('create.job.pixels', { width: picture.width, height: picture.height })}
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={busy ? undefined : t('create.job.downloadPicture', { n: picture.n })}
          onClick={() => void download()}
        >
          {busy ? t('create.job.downloading') : t('create.job.download')}
        </button>
      </figcaption>
      {error !== null ? (
        <p className={styles.error} role="alert">
          {t('create.job.downloadFailed')} {apiErrorText(error, t)}
        </p>
      ) : null}
    </figure>
  );
}
