import type { CurrencyKey, WithdrawConfig, WithdrawalDetail } from '@ampere/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRules } from '@/components/formRules';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { errorText } from '@/i18n/errorText';
import { Modal, Toast } from '@/lib/overlays';
import { amountText, formatTime, isAmount, scaleOf } from '../format';
import { useDebounced } from '../hooks/useDebounced';
import { useSubmitWithdraw, useWithdrawPreview } from '../hooks/useFunding';
import styles from './Funding.module.css';
import { WithdrawBlockers, utcOffset, withdrawBlockers } from './WithdrawBlockers';

const PREVIEW_PAUSE_MS = 300;

interface Props {
  config: WithdrawConfig;
  onManageCard: () => void;
  onSetFundPassword: () => void;
  onSubmitted: (record: WithdrawalDetail) => void;
}

/**
 * A withdrawal (SPEC §3, §5): CNY to the bound card or USDT to a cooled-down book address, with
 * the bounds, the fee and the actual arrival — the server's own arithmetic for the amount typed
 * (user/withdrawPreview) — shown before the user confirms with the fund password.
 */
export function WithdrawForm({ config, onManageCard, onSetFundPassword, onSubmitted }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount?: string; mpassword?: string }>();
  const [currency, setCurrency] = useState<CurrencyKey>('money');
  const usable = config.addresses.filter((a) => a.usable);
  const [addressId, setAddressId] = useState(usable[0]?.id);
  const typed = (Form.useWatch('amount', form) ?? '').trim();
  const amount = useDebounced(typed, PREVIEW_PAUSE_MS);
  const rules = config[currency];
  const preview = useWithdrawPreview(currency, isAmount(amount, currency) ? amount : undefined);
  const submit = useSubmitWithdraw();
  const blocked = withdrawBlockers(config).length > 0;
  const address = config.addresses.find((a) => a.id === addressId && a.usable);
  const destination =
    currency === 'money'
      ? config.card === null
        ? undefined
        : `${config.card.bankName} ${config.card.cardMasked}`
      : address === undefined
        ? undefined
        : `${address.networkName} ${address.address}`;
  // The preview of the amount as typed now (not of one typed before the pause).
  const shown = typed === amount && isAmount(amount, currency) ? preview.data : undefined;

  const send = (values: { amount?: string; mpassword?: string }) => {
    if (shown === undefined || destination === undefined) return;
    void Modal.confirm({
      title: t('funding.withdraw.confirmTitle'),
      content: (
        <InfoRows
          rows={[
            { label: t('funding.withdraw.destination'), value: destination },
            { label: t('funding.amount'), value: amountText(shown.amount, currency) },
            { label: t('funding.fee'), value: amountText(shown.fee, currency) },
            {
              label: t('funding.withdraw.arrival'),
              value: amountText(shown.actualArrival, currency),
            },
          ]}
        />
      ),
      confirmText: t('funding.withdraw.submit'),
      cancelText: t('common.cancel'),
      onConfirm: () => {
        submit.mutate(
          {
            currency,
            amount: shown.amount,
            addressId: currency === 'usdt' ? address?.id : undefined,
            mpassword: values.mpassword ?? '',
          },
          {
            onSuccess: (record) => {
              Toast.show({ icon: 'success', content: t('success.withdraw') });
              onSubmitted(record);
            },
            onError: (error) => {
              Toast.show({
                icon: 'fail',
                content: errorText(error, t, { fallback: 'withdraw_failed' }),
              });
            },
          },
        );
      },
    });
  };

  return (
    <>
      <WithdrawBlockers config={config} />
      {!config.fundPasswordSet && (
        <div className={styles.actions}>
          <Button color="primary" fill="outline" onClick={onSetFundPassword}>
            {t('funding.withdraw.setFundPassword')}
          </Button>
        </div>
      )}
      <Form form={form} layout="vertical" mode="card" onFinish={send}>
        <Form.Item label={t('funding.currency')}>
          <Selector
            columns={2}
            value={[currency]}
            options={(['money', 'usdt'] as const).map((value) => ({
              value,
              label: value === 'money' ? 'CNY' : 'USDT',
            }))}
            onChange={([picked]) => {
              if (picked !== undefined) setCurrency(picked);
            }}
          />
        </Form.Item>
        <Form.Item label={t('funding.withdraw.destination')}>
          {currency === 'money' ? (
            config.card === null ? (
              <Button size="small" onClick={onManageCard}>
                {t('funding.withdraw.bindCardFirst')}
              </Button>
            ) : (
              <span>{destination}</span>
            )
          ) : config.addresses.length === 0 ? (
            <Button size="small" onClick={onManageCard}>
              {t('funding.withdraw.addAddressFirst')}
            </Button>
          ) : (
            <Selector
              columns={1}
              value={addressId === undefined ? [] : [addressId]}
              options={config.addresses.map((a) => ({
                value: a.id,
                label: `${a.label === '' ? a.networkName : a.label} · ${a.address}`,
                description: a.usable
                  ? a.networkName
                  : t('funding.address.coolingUntil', { time: formatTime(a.usableAt) }),
                disabled: !a.usable,
              }))}
              onChange={([picked]) => {
                if (picked !== undefined) setAddressId(picked);
              }}
            />
          )}
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('funding.amountIn', { currency: currency === 'money' ? 'CNY' : 'USDT' })}
          description={t('funding.available', { amount: amountText(rules.balance, currency) })}
          rules={amountRules(scaleOf(currency), {
            missing: t('validation.amount'),
            invalid: t('validation.validAmount'),
          })}
        >
          <Input inputMode="decimal" placeholder="0.00" clearable />
        </Form.Item>
        <Form.Item
          name="mpassword"
          label={t('funding.fundPassword')}
          rules={[{ required: true, message: t('validation.password') }]}
        >
          <Input type="password" placeholder={t('funding.fundPasswordHint')} autoComplete="off" />
        </Form.Item>
      </Form>
      <Section title={t('funding.withdraw.figures')}>
        <InfoRows
          rows={[
            { label: t('funding.minimum'), value: amountText(rules.min, currency) },
            { label: t('funding.maximum'), value: amountText(rules.max, currency) },
            {
              label: t('funding.fee'),
              value: shown === undefined ? '—' : amountText(shown.fee, currency),
            },
            {
              label: t('funding.withdraw.arrival'),
              value: shown === undefined ? '—' : amountText(shown.actualArrival, currency),
            },
            {
              label: t('funding.withdraw.today'),
              value: t('funding.withdraw.todayValue', {
                used: config.usedToday,
                count: config.dailyCount,
              }),
            },
            {
              label: t('funding.withdraw.window'),
              value: `${config.window.from}–${config.window.to} (${utcOffset(config.window.tzOffsetMinutes)})`,
            },
          ]}
        />
        {shown !== undefined && <p className={styles.arithmetic}>{shown.feeArithmetic}</p>}
        {preview.isError && typed !== '' && (
          <p className={`${styles.note} ${styles.expired}`}>{errorText(preview.error, t)}</p>
        )}
      </Section>
      {/* After the figures: the fee and the actual arrival are read before going on. */}
      <div className={styles.actions}>
        <Button
          block
          onClick={() => {
            form.submit();
          }}
          color="primary"
          size="large"
          loading={submit.isPending}
          disabled={blocked || destination === undefined || shown === undefined || !rules.available}
        >
          {t('funding.withdraw.next')}
        </Button>
      </div>
    </>
  );
}
