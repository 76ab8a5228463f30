import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_UPLOAD_LIMITS, type OfferImageSource, type UploadedImage } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { ApiError } from '../../../lib/api-client';
import { useMyGeneratedPictures } from '../api/get-generated-images';
import { uploadPicture } from '../api/upload-picture';
import styles from './admin-catalog.module.css';

interface PicturePickerProps {
  source: OfferImageSource | null;
  onChange: (source: OfferImageSource | null) => void;
  error?: string;
}

/** A new offer's picture: upload a file (shown as its watermarked preview) or pick a generated one. */
export function PicturePicker({ source, onChange, error }: PicturePickerProps) {
  const { t } = useTranslation();
  const generated = useMyGeneratedPictures();
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    // Checked here only to save a long upload; the server decides from the bytes.
    if (file.size > ADMIN_UPLOAD_LIMITS.maxBytes) {
      setUploadError(t('admin.catalog.picture.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadPicture(file);
      setUploaded(stored);
      onChange({ type: 'upload', imageKey: stored.imageKey });
    } catch (failure) {
      const file = failure instanceof ApiError ? failure.fieldErrors?.file : undefined;
      setUploadError(file ?? apiErrorText(failure, t));
      onChange(null);
    } finally {
      setBusy(false);
    }
  };

  const preview = uploaded?.image.previews.find((p) => p.format === 'webp' && p.width <= 640);
  const pictures =
    generated.data?.items.flatMap((job) => job.pictures.map((picture) => ({ job, picture }))) ?? [];

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('admin.catalog.picture.legend')}</legend>
      <div className={styles.field}>
        <label htmlFor="admin-offer-file">{t('admin.catalog.picture.upload')}</label>
        <input
          id="admin-offer-file"
          type="file"
          accept={ADMIN_UPLOAD_LIMITS.contentTypes.join(',')}
          disabled={busy}
          aria-describedby="admin-offer-file-hint"
          aria-invalid={uploadError || error ? true : undefined}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        <p id="admin-offer-file-hint" className={styles.hint}>
          {t('admin.catalog.picture.limits')}
        </p>
      </div>
      <div role="status">{busy ? t('admin.catalog.picture.uploading') : null}</div>
      {uploadError || error ? (
        <p role="alert" className={styles.error}>
          {uploadError ?? error}
        </p>
      ) : null}
      {uploaded && source?.type === 'upload' ? (
        <figure>
          <img
            className={styles.preview}
            src={preview?.url}
            width={uploaded.width}
            height={uploaded.height}
            style={{
              backgroundImage: `url(${uploaded.image.placeholder})`,
              backgroundSize: 'cover',
            }}
            alt={t('admin.catalog.picture.previewAlt')}
          />
          <figcaption>
            {t('admin.catalog.picture.size', {
              width: uploaded.width,
              height: uploaded.height,
              orientation: t(`gallery.orientations.${uploaded.orientation}`),
            })}
          </figcaption>
        </figure>
      ) : null}
      <p>{t('admin.catalog.picture.orGenerated')}</p>
      {generated.isPending ? <p role="status">{t('admin.catalog.loading')}</p> : null}
      {generated.isError ? <p role="alert">{apiErrorText(generated.error, t)}</p> : null}
      {generated.isSuccess && pictures.length === 0 ? (
        <p>{t('admin.catalog.picture.noGenerated')}</p>
      ) : null}
      <ul className={styles.pictures}>
        {pictures.map(({ job, picture }) => {
          const chosen =
            source?.type === 'generated' && source.jobId === job.id && source.n === picture.n;
          return (
            <li key={`${job.id}-${picture.n}`}>
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={chosen}
                onClick={() => onChange({ type: 'generated', jobId: job.id, n: picture.n })}
              >
                {t('admin.catalog.picture.generatedLabel', {
                  prompt: job.prompt,
                  n: picture.n,
                  width: picture.width,
                  height: picture.height,
                })}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
