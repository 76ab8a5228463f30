import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './error-view';
import styles from './app-error-boundary.module.css';

function AppErrorFallback() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.fallback}>
      <ErrorView status={500} message={t('errors.internalServerError')} />
    </main>
  );
}

interface State {
  failed: boolean;
}

/**
 * Last line of defence around everything, the router included: an error the router's own error
 * element cannot catch (in a provider, or in the error element itself) still ends on the error page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <AppErrorFallback /> : this.props.children;
  }
}
