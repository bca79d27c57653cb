import { Button, Form, Input, Selector } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRules } from '@/components/formRules';
import { InfoRows } from '@/components/InfoRows';
import { UnavailableSubmit } from '@/components/UnavailableSubmit';
import { scaleOf } from '../currency';
import styles from './WalletForm.module.css';

interface Props {
  currencies: readonly { key: string; name: string }[];
  onManageCard: () => void;
}

/**
 * The withdrawal form (SPEC §3, §5): currency, amount and fund password, with the minimum, the
 * fee and what arrives. Limits, fee and the daily window are the server's; until they arrive the
 * rows show a dash and the form cannot be sent.
 */
export function WithdrawForm({ currencies, onManageCard }: Props) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(currencies[0]?.key);
  const unknown = '—';
  return (
    <Form
      layout="vertical"
      mode="card"
      footer={
        <UnavailableSubmit
          label={t('wallet.withdraw.submit')}
          reason={t('wallet.withdraw.unavailable')}
        />
      }
    >
      <Form.Item label={t('wallet.currency')}>
        <Selector
          columns={currencies.length}
          value={currency === undefined ? [] : [currency]}
          options={currencies.map(({ key, name }) => ({ value: key, label: name }))}
          onChange={([picked]) => {
            if (picked) setCurrency(picked);
          }}
        />
      </Form.Item>
      <Form.Item label={t('wallet.withdraw.destination')}>
        <p className={styles.hint}>{t('wallet.withdraw.destinationHint')}</p>
        <Button size="small" onClick={onManageCard}>
          <BankcardOutline /> {t('pages.bindCards.title')}
        </Button>
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('wallet.amount')}
        rules={amountRules(scaleOf(currency), {
          missing: t('validation.amount'),
          invalid: t('validation.validAmount'),
        })}
      >
        <Input inputMode="decimal" placeholder="0.00" clearable />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('wallet.withdraw.fundPassword')}
        rules={[{ required: true, message: t('validation.password') }]}
      >
        <Input
          type="password"
          placeholder={t('wallet.withdraw.fundPasswordPlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <InfoRows
        rows={[
          { label: t('wallet.withdraw.minimum'), value: unknown },
          { label: t('wallet.fee'), value: unknown },
          { label: t('wallet.withdraw.arrival'), value: unknown },
        ]}
      />
    </Form>
  );
}
