import type { ReactNode } from 'react';
import { useUntilReady } from '../../lib/app-ready';
import styles from './form.module.css';

/** The message above a form after a failed submit (the empty key: docs/product/api.md#errors). */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className={styles.alert} role="alert">
      {text}
    </p>
  );
}

/**
 * A success message. The live region stays in the page while empty, so that screen readers
 * announce the text when it appears.
 */
export function FormStatus({ children }: { children?: ReactNode }) {
  return <div role="status">{children ? <p className={styles.success}>{children}</p> : null}</div>;
}

/**
 * Disabled while the form's call runs (every form shows when its call is busy), and until the
 * app has taken a server-drawn form over: before, a submit would reach nothing that handles it.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  const untilReady = useUntilReady(label);
  return (
    <button
      type="submit"
      className={`button button--primary ${styles.submit}`}
      {...untilReady}
      disabled={busy || untilReady.disabled}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
