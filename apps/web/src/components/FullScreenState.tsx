import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import styles from './FullScreenState.module.css';
import { Spinner } from './Spinner';

type Props =
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string; actionLabel: string; onAction: () => void };

/** What the whole screen shows before the app can run: loading, or an error with a way out. */
export function FullScreenState(props: Props) {
  return (
    <div className={styles.screen} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.kind === 'loading' ? (
        <Spinner />
      ) : (
        <ExclamationCircleOutline className={styles.icon} />
      )}
      <p className={styles.message}>{props.message}</p>
      {props.kind === 'error' && (
        <Button color="primary" onClick={props.onAction}>
          {props.actionLabel}
        </Button>
      )}
    </div>
  );
}
