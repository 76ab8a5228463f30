import { useTranslation } from 'react-i18next';

/** "Firefox on Windows", or whichever half is known, or "Unknown device". */
export function useDeviceName({ browser, os }: { browser: string | null; os: string | null }) {
  const { t } = useTranslation();
  if (browser && os) return t('account.devices.browserOn', { browser, os });
  return browser ?? os ?? t('account.devices.unknown');
}
