import type { CurrencyKey, ExchangeConfig, ExchangeDetail, ExchangeQuote } from '@ampere/contract';
import { apiErrorKey } from '@ampere/client';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { LoopOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRules } from '@/components/formRules';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { api } from '@/core/api';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import { fetchExchangeQuote } from '../api/funding';
import { amountText, currencyLabel, fractionAsPercent, scaleOf } from '../format';
import { useSubmitExchange } from '../hooks/useFunding';
import styles from './Funding.module.css';
import { QuoteCard } from './QuoteCard';

const TICK_MS = 1000;

interface Held {
  quote: ExchangeQuote;
  /** Expiry on this device's clock: the quote's lifetime from when it arrived. */
  expiresAtMs: number;
}

/** Ticks every second while a quote is held; `restart` sets it to now (a quote just arrived). */
function useTick(active: boolean): [number, () => void] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [active]);
  return [
    now,
    () => {
      setNow(Date.now());
    },
  ];
}

/**
 * CNY↔USDT (SPEC §1, §9): the amount to give, then the server's quote — held 30 s, its
 * arithmetic in full — confirmed or refreshed. A quote that expired or whose rate moved is
 * refused by the server; the form then asks for a fresh one.
 */
export function ExchangeForm({
  config,
  onDone,
}: {
  config: ExchangeConfig;
  onDone: (record: ExchangeDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount?: string }>();
  const [from, setFrom] = useState<CurrencyKey>('money');
  const to: CurrencyKey = from === 'money' ? 'usdt' : 'money';
  const [held, setHeld] = useState<Held | undefined>(undefined);
  const [now, restartClock] = useTick(held !== undefined);
  const quote = useMutation({
    mutationFn: ({ currency, amount }: { currency: CurrencyKey; amount: string }) =>
      fetchExchangeQuote(api, currency, amount),
    onSuccess: (next) => {
      const lifetimeMs = Math.max(0, Date.parse(next.expiresAt) - Date.now());
      restartClock();
      setHeld({
        quote: next,
        expiresAtMs: Date.now() + Math.min(lifetimeMs, config.quoteTtlS * 1000),
      });
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  const submit = useSubmitExchange();
  const rate = from === 'money' ? config.buyRate : config.sellRate;

  const ask = (amount: string) => {
    quote.mutate({ currency: from, amount });
  };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={(values: { amount?: string }) => {
          ask((values.amount ?? '').trim());
        }}
        onValuesChange={() => {
          setHeld(undefined);
        }}
        footer={
          held === undefined ? (
            <Button block type="submit" color="primary" size="large" loading={quote.isPending}>
              {t('funding.exchange.getQuote')}
            </Button>
          ) : undefined
        }
      >
        <Form.Item label={t('funding.exchange.from')}>{currencyLabel(from)}</Form.Item>
        <div className={styles.swap}>
          <Button
            size="small"
            shape="rounded"
            aria-label={t('funding.exchange.swap')}
            onClick={() => {
              setFrom(to);
              setHeld(undefined);
              form.resetFields();
            }}
          >
            <LoopOutline />
          </Button>
        </div>
        <Form.Item label={t('funding.exchange.to')}>{currencyLabel(to)}</Form.Item>
        <Form.Item
          name="amount"
          label={t('funding.amountIn', { currency: currencyLabel(from) })}
          description={t('funding.available', { amount: amountText(config.balance[from], from) })}
          rules={amountRules(scaleOf(from), {
            missing: t('validation.amount'),
            invalid: t('validation.validAmount'),
          })}
        >
          <Input inputMode="decimal" placeholder="0.00" clearable />
        </Form.Item>
      </Form>
      {held !== undefined && (
        <Section title={t('funding.exchange.quote')}>
          <QuoteCard
            quote={held.quote}
            expiresAtMs={held.expiresAtMs}
            nowMs={now}
            refreshing={quote.isPending}
            sending={submit.isPending}
            onRefresh={() => {
              ask(held.quote.amount);
            }}
            onConfirm={() => {
              submit.mutate(
                { quoteId: held.quote.quoteId, from: held.quote.from, amount: held.quote.amount },
                {
                  onSuccess: (record) => {
                    Toast.show({ icon: 'success', content: t('funding.exchange.done') });
                    setHeld(undefined);
                    form.resetFields();
                    onDone(record);
                  },
                  onError: (error) => {
                    const key = apiErrorKey(error);
                    // An expired or moved quote cannot be sent again: a fresh one is needed.
                    if (key === 'quote_expired' || key === 'quote_changed') setHeld(undefined);
                    Toast.show({ icon: 'fail', content: errorText(error, t) });
                  },
                },
              );
            }}
          />
        </Section>
      )}
      <Section title={t('funding.exchange.rules')}>
        <InfoRows
          rows={[
            {
              label: t('funding.exchange.rate'),
              value: rate === null ? '—' : t('funding.exchange.rateValue', { rate }),
            },
            { label: t('funding.exchange.feeRate'), value: fractionAsPercent(config.feeRate) },
            { label: t('funding.exchange.max'), value: amountText(config.max[from], from) },
          ]}
        />
        <p className={styles.note}>{t('funding.exchange.note', { seconds: config.quoteTtlS })}</p>
      </Section>
    </>
  );
}
