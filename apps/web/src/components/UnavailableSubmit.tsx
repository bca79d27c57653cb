import { Button } from 'antd-mobile';
import styles from './UnavailableSubmit.module.css';

/** A form's submit button that cannot be used yet, with the reason next to it. */
export function UnavailableSubmit({ label, reason }: { label: string; reason: string }) {
  return (
    <>
      <Button block color="primary" size="large" disabled>
        {label}
      </Button>
      <p className={styles.reason}>{reason}</p>
    </>
  );
}
