/** Keys under `admin.nav` in the locale files; each area adds its own. */
export type AdminNavLabel =
  'overview' | 'catalog' | 'tickets' | 'sales' | 'audit' | 'orders' | 'customers' | 'giftCards';

/** The back office's sections, in the order of its navigation; each area adds its entry here. */
export interface AdminNavEntry {
  /** Relative to /admin; '' is the overview. */
  to: string;
  labelKey: AdminNavLabel;
}

export const ADMIN_BASE_PATH = '/admin';

export const adminNav: readonly AdminNavEntry[] = [
  { to: '', labelKey: 'overview' },
  { to: 'orders', labelKey: 'orders' },
  { to: 'customers', labelKey: 'customers' },
  { to: 'gift-cards', labelKey: 'giftCards' },
  { to: 'tickets', labelKey: 'tickets' },
  { to: 'sales', labelKey: 'sales' },
  { to: 'audit', labelKey: 'audit' },
  { to: 'catalog', labelKey: 'catalog' },
];

export const adminPath = (to: string): string =>
  to ? `${ADMIN_BASE_PATH}/${to}` : ADMIN_BASE_PATH;
