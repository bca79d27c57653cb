import type { RechargeConfig } from '@ampere/contract';
import { Selector } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { amountText } from '../format';
import { CopyRow } from './CopyRow';
import styles from './Funding.module.css';

const QR_SIZE_PX = 168;

/**
 * USDT per network: the user's own deposit address (with its QR code and Copy), the bounds and
 * how many confirmations a deposit needs. Nothing to submit: the chain watcher sees the transfer.
 */
export function UsdtDeposit({ usdt }: { usdt: RechargeConfig['usdt'] }) {
  const { t } = useTranslation();
  const [key, setKey] = useState(usdt.networks[0]?.key);
  const network = usdt.networks.find((n) => n.key === key) ?? usdt.networks[0];
  if (!usdt.available || network === undefined) {
    return <p className={styles.note}>{t('funding.recharge.usdtUnavailable')}</p>;
  }
  return (
    <Section title={t('funding.recharge.depositAddress')}>
      {usdt.networks.length > 1 && (
        <div className={styles.copyRow}>
          <Selector
            columns={Math.min(usdt.networks.length, 3)}
            value={[network.key]}
            options={usdt.networks.map((n) => ({ value: n.key, label: n.name }))}
            onChange={([picked]) => {
              if (picked !== undefined) setKey(picked);
            }}
          />
        </div>
      )}
      <div className={styles.qr}>
        <QRCodeSVG
          value={network.address}
          size={QR_SIZE_PX}
          marginSize={1}
          title={t('funding.recharge.qrTitle', { network: network.name })}
        />
      </div>
      <CopyRow
        label={t('funding.recharge.addressOn', { network: network.name })}
        value={network.address}
      />
      <InfoRows
        rows={[
          { label: t('funding.network'), value: network.name },
          { label: t('funding.minimum'), value: amountText(network.min, 'usdt') },
          { label: t('funding.maximum'), value: amountText(network.max, 'usdt') },
          {
            label: t('funding.recharge.confirmations'),
            value: String(network.confirmations),
          },
        ]}
      />
      <p className={styles.note}>
        {t('funding.recharge.usdtNote', {
          network: network.name,
          confirmations: network.confirmations,
        })}
      </p>
    </Section>
  );
}
