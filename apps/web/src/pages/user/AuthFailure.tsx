import styles from './AuthPage.module.css';

/**
 * Why the last sign-in or registration failed, said on the page when no toast could say it
 * (`useSignIn`). A polite live region that is there before any message, so that a screen reader
 * reads the message when it appears.
 */
export function AuthFailure({ message }: { message: string | undefined }) {
  return (
    <div role="status" className={styles.failure} data-testid="auth-failure">
      {message !== undefined && <p>{message}</p>}
    </div>
  );
}
