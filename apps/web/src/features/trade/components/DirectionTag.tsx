import type { Direction } from '@ampere/contract';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './DirectionTag.module.css';

/** "Buy more" in the rising colour with an up arrow, "Buy less" in the falling one. */
export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tag} data-direction={direction}>
      {direction === 'up' ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
      {t(direction === 'up' ? 'trade.buyMore' : 'trade.buyLess')}
    </span>
  );
}
