import type { EarnProduct } from '@ampere/contract';
import { newIdempotencyKey } from '@ampere/client';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyName } from '../display';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import { useFundPasswordSet, useSubscribe } from '../hooks/useEarn';
import { ProjectionTable } from './ProjectionTable';
import styles from './Earn.module.css';

/**
 * The subscribe sheet: an amount (and the fund password when one is set), the projection of
 * that amount, and one confirmation. One idempotency key per opening: a retry after a lost
 * answer cannot subscribe twice.
 */
export function SubscribeSheet(props: {
  product: EarnProduct;
  visible: boolean;
  onClose: () => void;
  onDone: (orderId: string) => void;
}) {
  const { product } = props;
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const fund = useFundPasswordSet();
  const subscribing = useSubscribe();
  const submit = () => {
    subscribing.mutate(
      { productId: product.id, amount: amount.trim(), password, key },
      {
        onSuccess: (order) => {
          Toast.show({ icon: 'success', content: t('earn.subscribed') });
          setKey(newIdempotencyKey());
          props.onDone(order.id);
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          Toast.show({ icon: 'fail', content: errorText(error, t) });
        },
      },
    );
  };
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.sheet}>
        <h2 className={styles.sheetTitle}>{t('earn.subscribeTo', { name: product.name })}</h2>
        <label className={styles.field}>
          <span>
            {t('earn.amount')} ({currencyName(product.currency)})
          </span>
          <Input
            className={styles.input}
            inputMode="decimal"
            placeholder={t('earn.amountRange', { min: product.min, max: product.max })}
            value={amount}
            onChange={setAmount}
            aria-label={t('earn.amount')}
          />
        </label>
        {fund.data === true && (
          <label className={styles.field}>
            <span>{t('earn.fundPassword')}</span>
            <Input
              className={styles.input}
              type="password"
              inputMode="numeric"
              value={password}
              onChange={setPassword}
              aria-label={t('earn.fundPassword')}
            />
          </label>
        )}
        <ProjectionTable
          amount={amount.trim()}
          currency={product.currency}
          dailyRate={product.dailyRate}
          cycleDays={product.cycleDays}
        />
        <Button
          color="primary"
          block
          loading={subscribing.isPending}
          disabled={amount.trim() === ''}
          onClick={submit}
        >
          {t('earn.confirmSubscribe')}
        </Button>
      </div>
    </Popup>
  );
}
