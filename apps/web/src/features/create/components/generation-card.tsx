import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationEvent, GenerationJob } from '@pictura/contract';
import { invalidateBalance } from '../../../lib/api/get-balance';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { serverMessageText } from '../../../lib/server-messages';
import { cancelGeneration } from '../api/cancel-generation';
import { updateCachedGeneration } from '../api/get-generations';
import { useGenerationProgress } from '../use-generation-progress';
import { GeneratedPicture } from './generated-picture';
import { ProgressBar } from './progress-bar';
import styles from './generation.module.css';

function useStatusText(event: GenerationEvent): string {
  const { t } = useTranslation();
  switch (event.type) {
    case 'queued':
      return event.position === 1
        ? t('create.job.next')
        : t('create.job.queued', { position: event.position });
    case 'running':
      return t('create.job.running');
    case 'done':
      return t('create.job.done');
    case 'failed':
      return event.status === 'cancelled' ? t('create.job.cancelled') : t('create.job.failed');
  }
}

const percentOf = (event: GenerationEvent): number | null =>
  event.type === 'running' ? event.percent : event.type === 'done' ? 100 : null;

/**
 * One generation: what was asked for, a progress bar while it is queued or painted (fed by the
 * progress stream, or by polling when that breaks), then its pictures, each downloadable.
 */
export function GenerationCard({ job }: { job: GenerationJob }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const event = useGenerationProgress(job);
  const status = useStatusText(event);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const headingId = `generation-${job.id}`;
  const shown = event.type === 'done' ? event.job : job;

  const cancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      updateCachedGeneration(queryClient, await cancelGeneration(job.id));
      // A cancelled job's price is given back.
      void invalidateBalance(queryClient);
    } catch (failure) {
      setCancelError(failure);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <li>
      <article className={styles.card} aria-labelledby={headingId}>
        <header className={styles.cardHeader}>
          <h3 id={headingId} className={styles.prompt}>
            {job.prompt}
          </h3>
          <p className={styles.muted}>
            {[
              t(`gallery.styles.${job.style}`),
              t(`gallery.orientations.${job.orientation}`),
              t(`create.form.sizes.${job.quality}`),
              t('create.job.count', { count: job.count }),
              format.price({ amount: job.price, currency: job.currency }),
              format.date(job.createdAt),
            ].join(' · ')}
          </p>
        </header>
        <div className={styles.status}>
          {/* Only the phase is announced; the bar's percentage is read when the user asks. */}
          <p className={event.type === 'failed' ? styles.failed : styles.statusText} role="status">
            {status}
          </p>
          {event.type === 'failed' && event.message ? (
            <p className={styles.muted}>{serverMessageText(event.message, t)}</p>
          ) : null}
          {event.type !== 'failed' ? (
            <ProgressBar
              percent={percentOf(event)}
              label={t('create.job.progress', { prompt: job.prompt })}
            />
          ) : null}
          {event.type === 'queued' ? (
            <button
              type="button"
              className={`button button--secondary ${styles.cancel}`}
              disabled={cancelling}
              aria-describedby={headingId}
              onClick={() => void cancel()}
            >
              {cancelling ? t('create.job.cancelling') : t('create.job.cancel')}
            </button>
          ) : null}
          {cancelError !== null ? (
            <p className={styles.error} role="alert">
              {cancelError instanceof ApiError && cancelError.status === 409
                ? t('create.job.cancelTooLate')
                : apiErrorText(cancelError, t)}
            </p>
          ) : null}
        </div>
        {shown.pictures.length > 0 ? (
          <div className={styles.pictures}>
            {shown.pictures.map((picture) => (
              <GeneratedPicture key={picture.n} job={shown} picture={picture} />
            ))}
          </div>
        ) : null}
      </article>
    </li>
  );
}
