import styles from './header.module.css';

/** Class of a header navigation link; the current page's link is highlighted. */
export const navLinkClass = ({ isActive }: { isActive: boolean }): string =>
  isActive ? `${styles.navLink} ${styles.navLinkActive}` : (styles.navLink ?? '');
