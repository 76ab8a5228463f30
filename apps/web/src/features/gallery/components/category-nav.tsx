import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type Category } from '@pictura/contract';
import { currentLocale } from '../../../lib/i18n';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  categories: readonly Category[];
  /** The open category's url name; null on /gallery (all categories). */
  active: string | null;
  /** The current filters' query string, kept when moving between categories. */
  search: string;
}

/** Links to every category, named in the active language; the open one is marked as current. */
export function CategoryNav({ categories, active, search }: CategoryNavProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const links = [
    { key: '', to: paths.gallery, label: t('gallery.allCategories'), current: active === null },
    ...categories.map((category) => ({
      key: category.urlName,
      to: paths.galleryCategory(category.urlName),
      label: category.names[locale],
      current: category.urlName === active,
    })),
  ];
  return (
    <nav className={styles.nav} aria-label={t('gallery.categoriesLabel')}>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.key}>
            <Link
              className={`${styles.link} ${link.current ? styles.current : ''}`}
              to={{ pathname: link.to, search }}
              aria-current={link.current ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
