import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { LatestOffers } from '../../features/gallery/components/latest-offers';
import { usePageMeta } from '../../lib/head';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './home.module.css';

const highlights = [
  { key: 'gallery', to: paths.gallery, link: 'nav.gallery' },
  { key: 'create', to: paths.create, link: 'nav.create' },
  { key: 'giftCard', to: paths.giftCard, link: 'pages.home.giftCardLink' },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  usePageMeta({ description: t('pages.home.subline') });
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-headline">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('pages.home.eyebrow')}</p>
          <h1 id="home-headline" className={styles.headline}>
            {t('pages.home.headline')}
          </h1>
          <p className={styles.subline}>{t('pages.home.subline')}</p>
          <div className={styles.actions}>
            <Link className="button button--primary button--large" to={paths.gallery}>
              {t('pages.home.ctaGallery')}
            </Link>
            <Link className="button button--secondary button--large" to={paths.create}>
              {t('pages.home.ctaCreate')}
            </Link>
          </div>
        </div>
        {/* Pure decoration: an abstract composition drawn in CSS, hidden from assistive tech. */}
        <div className={styles.art} aria-hidden="true">
          <span className={styles.shapeSun} />
          <span className={styles.shapeHill} />
          <span className={styles.shapeWave} />
          <span className={styles.shapeDot} />
        </div>
      </section>

      <LatestOffers />

      <section className={styles.highlights} aria-labelledby="home-highlights">
        <h2 id="home-highlights" className="visually-hidden">
          {t('pages.home.highlightsTitle')}
        </h2>
        <ul className={styles.cards}>
          {highlights.map(({ key, to, link }) => (
            <li key={key} className={styles.card}>
              <h3 className={styles.cardTitle}>{t(`pages.home.${key}Title`)}</h3>
              <p className={styles.cardText}>{t(`pages.home.${key}Text`)}</p>
              <Link className={styles.cardLink} to={to}>
                {t(link)}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
