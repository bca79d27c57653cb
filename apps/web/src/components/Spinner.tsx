import styles from './Spinner.module.css';

/** The circle's circumference (r = 15), which the dash offsets below are measured against. */
const CIRCUMFERENCE = 15 * Math.PI * 2;

/**
 * antd-mobile's SpinLoading (primary colour) drawn the same way — the same SVG, a rotation of
 * 0.8 s and an arc whose dash offset swings between 80 and 30 every 1.2 s — but animated with CSS.
 * SpinLoading animates the arc with react-spring, about 16 KB gzip that the launch screen would
 * otherwise add to the first download (BRIEF §9).
 */
export function Spinner() {
  return (
    <div className={styles.spinner}>
      <svg className={styles.svg} viewBox="0 0 32 32" aria-hidden="true">
        <circle
          className={styles.arc}
          fill="transparent"
          strokeWidth="2"
          strokeDasharray={CIRCUMFERENCE}
          strokeLinecap="square"
          r={15}
          cx={16}
          cy={16}
        />
      </svg>
    </div>
  );
}
