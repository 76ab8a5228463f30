import { useTranslation } from 'react-i18next';
import pageStyles from '../../../components/page.module.css';

export interface WalletSection {
  /** The id of the section's heading: the link's target. */
  headingId: string;
  label: string;
}

/**
 * Links to the wallet's sections in their order on the page. Plain fragment links, so the browser
 * also moves the keyboard's starting point to the section, not only the view.
 */
export function WalletSections({ sections }: { sections: readonly WalletSection[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('wallet.sectionsLabel')}>
      <ul className={pageStyles.links}>
        {sections.map((section) => (
          <li key={section.headingId}>
            <a className={pageStyles.link} href={`#${section.headingId}`}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
