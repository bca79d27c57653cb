import type { CashInfo } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passes } from '@/components/formRules';
import { InfoRows } from '@/components/InfoRows';
import { Section } from '@/components/Section';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import { formatTime } from '../format';
import { useBindCard } from '../hooks/useFunding';
import styles from './Funding.module.css';

interface Values {
  accountName: string;
  bankName: string;
  cardNumber: string;
  branch: string;
  mpassword?: string;
}

/** 16–19 digits once spaces are dropped (the server also checks the scheme and Luhn). */
export const isCardNumber = (value: string) => /^\d{16,19}$/.test(value.replace(/ /g, ''));

/**
 * The card withdrawals are paid to: shown masked once bound; binding or replacing it is the
 * form below (a replacement asks for the fund password). With an approved real name the account
 * name must be that name, so it is filled in and fixed.
 */
export function BankCardPanel({ info }: { info: CashInfo }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(info.card === null);
  const bind = useBindCard();
  const card = info.card;
  return (
    <>
      {card !== null && (
        <Section title={t('funding.card.bound')}>
          <InfoRows
            rows={[
              { label: t('funding.card.accountName'), value: card.accountName },
              { label: t('funding.card.bankName'), value: card.bankName },
              { label: t('funding.card.cardNumber'), value: card.cardMasked },
              { label: t('funding.card.branch'), value: card.branch },
              { label: t('funding.card.boundAt'), value: formatTime(card.boundAt) },
            ]}
          />
          {!editing && (
            <div className={styles.actions}>
              <Button
                fill="outline"
                onClick={() => {
                  setEditing(true);
                }}
              >
                {t('funding.card.change')}
              </Button>
            </div>
          )}
        </Section>
      )}
      {editing && (
        <Form
          layout="vertical"
          mode="card"
          initialValues={{ accountName: info.realName ?? '' }}
          onFinish={(values: Values) => {
            bind.mutate(
              {
                accountName: values.accountName.trim(),
                bankName: values.bankName.trim(),
                cardNumber: values.cardNumber.replace(/ /g, ''),
                branch: values.branch.trim(),
                mpassword: info.changeNeedsFundPassword ? values.mpassword : undefined,
              },
              {
                onSuccess: () => {
                  Toast.show({ icon: 'success', content: t('success.cardBound') });
                  setEditing(false);
                },
                onError: (error) => {
                  Toast.show({ icon: 'fail', content: errorText(error, t) });
                },
              },
            );
          }}
          footer={
            <Button block type="submit" color="primary" size="large" loading={bind.isPending}>
              {t(card === null ? 'funding.card.bind' : 'funding.card.replace')}
            </Button>
          }
        >
          <Form.Item
            name="accountName"
            label={t('funding.card.accountName')}
            description={info.realName === null ? undefined : t('funding.card.realNameFixed')}
            rules={[
              {
                required: true,
                whitespace: true,
                min: 2,
                message: t('funding.card.accountNameHint'),
              },
            ]}
          >
            <Input readOnly={info.realName !== null} maxLength={64} />
          </Form.Item>
          <Form.Item
            name="bankName"
            label={t('funding.card.bankName')}
            rules={[
              { required: true, whitespace: true, min: 2, message: t('funding.card.bankNameHint') },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="cardNumber"
            label={t('funding.card.cardNumber')}
            rules={[
              { required: true, message: t('funding.card.cardNumberHint') },
              passes(isCardNumber, t('funding.card.cardNumberHint')),
            ]}
          >
            <Input inputMode="numeric" maxLength={23} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="branch"
            label={t('funding.card.branch')}
            rules={[
              { required: true, whitespace: true, min: 2, message: t('funding.card.branchHint') },
            ]}
          >
            <Input maxLength={128} />
          </Form.Item>
          {info.changeNeedsFundPassword && (
            <Form.Item
              name="mpassword"
              label={t('funding.fundPassword')}
              description={t('funding.card.changeNeedsPassword')}
              rules={[{ required: true, message: t('validation.password') }]}
            >
              <Input
                type="password"
                autoComplete="off"
                placeholder={t('funding.fundPasswordHint')}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </>
  );
}
