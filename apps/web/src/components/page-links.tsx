import { Link } from 'react-router';
import styles from './page-links.module.css';

// Apart from components/page.tsx: only later pages (log in, the wallet, the account) show them.

export interface PageLink {
  to: string;
  label: string;
}

/** Follow-up links under a page's introduction (e.g. "Back to log in"). */
export function PageLinks({ links }: { links: readonly PageLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.to}>
          <Link className={styles.link} to={link.to}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
