import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import type { ReactNode } from 'react';
import styles from './RecordTabs.module.css';

interface Props<K extends string> {
  tabs: readonly { key: K; title: string }[];
  /** Renders the records of the selected tab. */
  children: (active: K) => ReactNode;
}

/** A record list filtered by status or currency, one tab per filter. */
export function RecordTabs<K extends string>({ tabs, children }: Props<K>) {
  const [first] = tabs;
  const [active, setActive] = useState<K | undefined>(first?.key);
  return (
    <div className={styles.records}>
      <Tabs
        activeKey={active}
        onChange={(key) => {
          setActive(tabs.find((tab) => tab.key === key)?.key);
        }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.title} />
        ))}
      </Tabs>
      {active !== undefined && children(active)}
    </div>
  );
}
