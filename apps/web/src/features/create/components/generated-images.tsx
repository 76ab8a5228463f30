import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import pictureGrid from '../../../components/picture-grid.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useGenerations } from '../api/get-generations';
import { isFinishedJob } from '../progress/generation-events';
import { GeneratedPicture } from './generated-picture';
import styles from './generation.module.css';

/**
 * The user's generated pictures for /artworks: every picture of every finished generation, newest
 * first, each downloadable; older ones a page at a time. Unfinished ones are followed on /create.
 */
export function GeneratedImages() {
  const { t } = useTranslation();
  const format = useFormat();
  const generations = useGenerations();
  const jobs = generations.data?.pages.flatMap((page) => page.items) ?? [];
  const delivered = jobs.filter((job) => job.pictures.length > 0);
  const unfinished = jobs.filter((job) => !isFinishedJob(job)).length;

  if (generations.isPending) return <p role="status">{t('create.images.loading')}</p>;
  if (generations.isError) {
    return (
      <div className={styles.emptyBox} role="alert">
        <p className={styles.boxTitle}>{t('create.images.loadFailed')}</p>
        <p className={styles.muted}>{apiErrorText(generations.error, t)}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void generations.refetch()}
        >
          {t('create.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.section}>
      {unfinished > 0 ? (
        <p className={styles.muted}>
          {t('create.images.inProgress', { count: unfinished })}{' '}
          <Link to={paths.create}>{t('create.images.follow')}</Link>
        </p>
      ) : null}
      {delivered.length === 0 ? (
        <div className={styles.emptyBox}>
          <p className={styles.boxTitle}>{t('create.images.emptyTitle')}</p>
          <p className={styles.muted}>{t('create.images.emptyText')}</p>
          <Link className="button button--primary" to={paths.create}>
            {t('create.images.create')}
          </Link>
        </div>
      ) : (
        <ul className={pictureGrid.grid}>
          {delivered.flatMap((job) =>
            job.pictures.map((picture) => (
              <li key={`${job.id}-${picture.n}`} className={styles.imageCard}>
                <GeneratedPicture
                  job={job}
                  picture={picture}
                  details={
                    <div>
                      <p className={styles.imagePrompt}>{job.prompt}</p>
                      <p className={styles.muted}>
                        {t(`gallery.styles.${job.style}`)} · {format.date(job.createdAt)}
                      </p>
                    </div>
                  }
                />
              </li>
            )),
          )}
        </ul>
      )}
      {generations.hasNextPage ? (
        <button
          type="button"
          className={`button button--secondary ${styles.more}`}
          disabled={generations.isFetchingNextPage}
          onClick={() => void generations.fetchNextPage()}
        >
          {generations.isFetchingNextPage
            ? t('create.images.loadingMore')
            : t('create.images.more')}
        </button>
      ) : null}
    </div>
  );
}
