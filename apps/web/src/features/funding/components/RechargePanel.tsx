import type { RechargeConfig, RechargeDetail } from '@ampere/contract';
import { Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankRechargeForm } from './BankRechargeForm';
import { ClosedNotice } from './ClosedNotice';
import styles from './Funding.module.css';
import { UsdtDeposit } from './UsdtDeposit';

type Method = 'bank' | 'usdt';

interface Props {
  config: RechargeConfig;
  onContact: () => void;
  onSubmitted: (record: RechargeDetail) => void;
}

/** The recharge page's body: closed, or the methods the server offers and the chosen one. */
export function RechargePanel({ config, onContact, onSubmitted }: Props) {
  const { t } = useTranslation();
  const offered: Method[] = [];
  if (config.bank.available) offered.push('bank');
  if (config.usdt.available) offered.push('usdt');
  const [picked, setPicked] = useState<Method | undefined>(offered[0]);
  if (!config.open)
    return <ClosedNotice kind="recharge" tip={config.closeTip} onContact={onContact} />;
  const method = picked !== undefined && offered.includes(picked) ? picked : offered[0];
  if (method === undefined) {
    return (
      <ClosedNotice kind="recharge" tip={t('funding.recharge.noMethod')} onContact={onContact} />
    );
  }
  return (
    <>
      <div className={styles.copyRow}>
        <Selector
          columns={2}
          value={[method]}
          options={(['bank', 'usdt'] as const).map((value) => ({
            value,
            label: t(`wallet.recharge.methods.${value}`),
            disabled: !offered.includes(value),
          }))}
          onChange={([next]) => {
            if (next !== undefined) setPicked(next);
          }}
        />
      </div>
      {!config.usdt.available && (
        <p className={styles.note}>{t('funding.recharge.usdtUnavailable')}</p>
      )}
      {method === 'bank' ? (
        <BankRechargeForm bank={config.bank} onSubmitted={onSubmitted} />
      ) : (
        <UsdtDeposit usdt={config.usdt} />
      )}
    </>
  );
}
