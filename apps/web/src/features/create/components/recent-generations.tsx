import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import { useGenerations } from '../api/get-generations';
import { generatedImagesPath } from '../generated-images-path';
import { GenerationCard } from './generation-card';
import styles from './generation.module.css';

/** The user's newest generations, each following its progress until it has finished. */
export function RecentGenerations({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const generations = useGenerations();
  const jobs = generations.data?.pages[0]?.items ?? [];
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.heading}>
          {t('create.jobs.heading')}
        </h2>
        {jobs.length > 0 ? <Link to={generatedImagesPath}>{t('create.jobs.seeAll')}</Link> : null}
      </div>
      {generations.isPending ? <p role="status">{t('create.jobs.loading')}</p> : null}
      {generations.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{t('create.jobs.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(generations.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void generations.refetch()}
          >
            {t('create.retry')}
          </button>
        </div>
      ) : null}
      {generations.isSuccess && jobs.length === 0 ? (
        <p className={styles.muted}>{t('create.jobs.empty')}</p>
      ) : null}
      {jobs.length > 0 ? (
        <ul className={styles.cards}>
          {jobs.map((job) => (
            <GenerationCard key={job.id} job={job} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
