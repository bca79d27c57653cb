import { useId } from 'react';
import styles from './Sparkline.module.css';

interface Props {
  /** Prices oldest first, as decimal strings. */
  prices: readonly string[];
  /** A level drawn across the line, e.g. an order's strike. */
  reference?: string | undefined;
  /** The line's colour: rising green, falling red, neutral primary. */
  tone?: 'up' | 'down' | 'flat';
  label: string;
  heightPx?: number;
}

const WIDTH = 300;

/**
 * A light price line (SVG, no chart library): enough to see where the price is going on the
 * Trade tab and during an order's countdown. Prices become floats here only to place pixels;
 * every figure the user reads is the exact decimal text.
 */
export function Sparkline({ prices, reference, tone = 'flat', label, heightPx = 72 }: Props) {
  const gradientId = useId();
  const values = prices.map(Number).filter(Number.isFinite);
  const level = reference === undefined ? undefined : Number(reference);
  const all = level !== undefined && Number.isFinite(level) ? [...values, level] : values;
  if (values.length < 2) {
    return (
      <div className={styles.empty} style={{ height: heightPx }} role="img" aria-label={label} />
    );
  }
  const low = Math.min(...all);
  const high = Math.max(...all);
  // A flat line sits in the middle rather than dividing by zero.
  const span = high - low || Math.abs(high) * 0.001 || 1;
  const pad = 6;
  const y = (v: number) => pad + (1 - (v - low) / span) * (heightPx - 2 * pad);
  const x = (i: number) => (i / (values.length - 1)) * WIDTH;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const path = line.join(' ');
  const area = `${path} L${WIDTH},${heightPx} L0,${heightPx} Z`;
  return (
    <svg
      className={styles.sparkline}
      data-tone={tone}
      viewBox={`0 0 ${WIDTH} ${heightPx}`}
      preserveAspectRatio="none"
      style={{ height: heightPx }}
      role="img"
      aria-label={label}
      data-testid="sparkline"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.22" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={area} fill={`url(#${gradientId})`} stroke="none" />
      {level !== undefined && Number.isFinite(level) && (
        <line
          className={styles.reference}
          x1="0"
          x2={WIDTH}
          y1={y(level)}
          y2={y(level)}
          vectorEffect="non-scaling-stroke"
        />
      )}
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
