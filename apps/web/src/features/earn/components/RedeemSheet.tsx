import type { EarnOrder, EarnRedeemPreview } from '@ampere/contract';
import { newIdempotencyKey } from '@ampere/client';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoRows } from '@/components/InfoRows';
import { QueryState } from '@/components/QueryState';
import { formatMoneyIn } from '../display';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import { useFundPasswordSet, useRedeem, useRedeemPreview } from '../hooks/useEarn';
import styles from './Earn.module.css';

/**
 * Early redemption: the server's preview — principal, interest kept, liquidated damages, refund
 * — and a confirmation that sends those very figures back. If anything changed in between (a
 * day's interest was paid) the server refuses and the sheet shows the new preview.
 */
export function RedeemSheet(props: { order: EarnOrder; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useRedeemPreview(props.order.id, props.visible);
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.sheet}>
        <h2 className={styles.sheetTitle}>{t('earn.redeemTitle')}</h2>
        <QueryState query={preview} compact>
          {(p) => (
            <Confirm
              preview={p}
              currency={props.order.currency}
              onDone={props.onClose}
              onChanged={() => {
                void preview.refetch();
              }}
            />
          )}
        </QueryState>
      </div>
    </Popup>
  );
}

function Confirm(props: {
  preview: EarnRedeemPreview;
  currency: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { preview: p } = props;
  const money = (value: string) => formatMoneyIn(value, props.currency);
  const { t } = useTranslation();
  const fund = useFundPasswordSet();
  const redeeming = useRedeem();
  const [password, setPassword] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <>
      <InfoRows
        rows={[
          { label: t('earn.principal'), value: money(p.principal) },
          { label: t('earn.interestKept'), value: money(p.interestPaid) },
          { label: t('earn.liquidatedDamages'), value: `-${money(p.liquidatedDamages)}` },
          { label: t('earn.refundAmount'), value: money(p.refundAmount) },
        ]}
      />
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
      <Button
        color="danger"
        block
        loading={redeeming.isPending}
        onClick={() => {
          redeeming.mutate(
            { preview: p, password, key },
            {
              onSuccess: () => {
                Toast.show({ icon: 'success', content: t('earn.redeemed') });
                props.onDone();
              },
              onError: (error) => {
                setKey(newIdempotencyKey());
                Toast.show({ icon: 'fail', content: errorText(error, t) });
                props.onChanged();
              },
            },
          );
        }}
      >
        {t('earn.confirmRedeem', { amount: money(p.refundAmount) })}
      </Button>
    </>
  );
}
