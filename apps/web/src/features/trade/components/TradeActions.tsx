import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './TradeActions.module.css';

export type Direction = 'up' | 'down';

/** Either the user can order, or the buttons are disabled and the user is told why. */
type Props = { onBuy: (direction: Direction) => void } | { disabledReason: string };

/** "Buy more" (the price will rise) and "Buy less" (it will fall): the two orders of SPEC §1. */
export function TradeActions(props: Props) {
  const { t } = useTranslation();
  const onBuy = 'onBuy' in props ? props.onBuy : undefined;
  const button = (direction: Direction) => (
    <Button
      className={styles[direction]}
      block
      size="large"
      disabled={onBuy === undefined}
      onClick={() => onBuy?.(direction)}
    >
      {t(direction === 'up' ? 'trade.buyMore' : 'trade.buyLess')}
    </Button>
  );
  return (
    <div className={styles.actions}>
      {'disabledReason' in props && <p className={styles.reason}>{props.disabledReason}</p>}
      <div className={styles.buttons}>
        {button('up')}
        {button('down')}
      </div>
    </div>
  );
}
