import { CapsuleTabs } from 'antd-mobile';
import styles from './IntervalTabs.module.css';

/** SPEC §2: the chart intervals of a product. Their labels are the same in every language. */
export const CHART_INTERVALS = ['1s', '1Min', '5Min', '30Min', '1Hour', '1Day'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

const isInterval = (value: string): value is ChartInterval =>
  CHART_INTERVALS.some((interval) => interval === value);

interface Props {
  value: ChartInterval;
  onChange: (interval: ChartInterval) => void;
}

export function IntervalTabs({ value, onChange }: Props) {
  return (
    <CapsuleTabs
      className={styles.tabs}
      activeKey={value}
      onChange={(key) => {
        if (isInterval(key)) onChange(key);
      }}
    >
      {CHART_INTERVALS.map((interval) => (
        <CapsuleTabs.Tab key={interval} title={interval} />
      ))}
    </CapsuleTabs>
  );
}
