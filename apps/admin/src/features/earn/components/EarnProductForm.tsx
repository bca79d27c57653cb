import type { AdminEarnProduct, EarnProductChange } from '@ampere/contract/admin';
import { earnProductChangeSchema } from '@ampere/contract/admin';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Alert, App, Button } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useSaveEarnProduct } from '../api/earn';

interface Values {
  nameEn: string;
  nameZh?: string;
  descriptionEn: string;
  descriptionZh?: string;
  currency: 'money' | 'usdt';
  dailyRate: string;
  cycleDays: number;
  min: string;
  max: string;
  userQuota?: string;
  totalQuota?: string;
  penaltyRate: string;
  saleStartsAt?: Dayjs | null;
  saleEndsAt?: Dayjs | null;
  status: 'active' | 'paused';
  sortOrder: number;
}

const blank = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : s.trim());

/** The form's values as the contract's whole product (other locales' texts kept as they were). */
function toChange(v: Values, product: AdminEarnProduct | undefined): EarnProductChange {
  return {
    names: { ...product?.names, 'en-US': v.nameEn, 'zh-Hans': v.nameZh ?? '' },
    descriptions: {
      ...product?.descriptions,
      'en-US': v.descriptionEn,
      'zh-Hans': v.descriptionZh ?? '',
    },
    currency: v.currency,
    dailyRate: v.dailyRate.trim(),
    cycleDays: v.cycleDays,
    min: v.min.trim(),
    max: v.max.trim(),
    userQuota: blank(v.userQuota),
    totalQuota: blank(v.totalQuota),
    penaltyRate: v.penaltyRate.trim(),
    saleStartsAt: v.saleStartsAt ? v.saleStartsAt.valueOf() : null,
    saleEndsAt: v.saleEndsAt ? v.saleEndsAt.valueOf() : null,
    status: v.status,
    sortOrder: v.sortOrder,
  };
}

/**
 * Creates an Earn product or edits one, whole. The contract's schema checks the form before it
 * is sent, so it refuses what the server would. Terms apply to subscriptions from then on.
 */
export function EarnProductForm({ product }: { product?: AdminEarnProduct }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveEarnProduct();
  const initial: Partial<Values> = product
    ? {
        nameEn: product.names['en-US'] ?? '',
        nameZh: product.names['zh-Hans'] ?? '',
        descriptionEn: product.descriptions['en-US'] ?? '',
        descriptionZh: product.descriptions['zh-Hans'] ?? '',
        currency: product.currency,
        dailyRate: product.dailyRate,
        cycleDays: product.cycleDays,
        min: product.min,
        max: product.max,
        userQuota: product.userQuota ?? '',
        totalQuota: product.totalQuota ?? '',
        penaltyRate: product.penaltyRate,
        saleStartsAt: product.saleStartsAt === null ? null : dayjs(product.saleStartsAt),
        saleEndsAt: product.saleEndsAt === null ? null : dayjs(product.saleEndsAt),
        status: product.status,
        sortOrder: product.sortOrder,
      }
    : { currency: 'money', status: 'paused', sortOrder: 0, cycleDays: 30, penaltyRate: '0' };
  return (
    <ModalForm<Values>
      title={product ? t('earn.edit') : t('earn.create')}
      width={640}
      trigger={
        product ? (
          <Button type="link" size="small">
            {t('earn.edit')}
          </Button>
        ) : (
          <Button type="primary">{t('earn.create')}</Button>
        )
      }
      initialValues={initial}
      modalProps={{ destroyOnHidden: true, okText: t('earn.save'), cancelText: t('common.cancel') }}
      onFinish={async (values) => {
        const change = toChange(values, product);
        const checked = earnProductChangeSchema.safeParse(change);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          void message.error(`${issue?.path.join('.') ?? ''}: ${t('earn.invalid')}`);
          return false;
        }
        try {
          await save.mutateAsync({ id: product?.id, change });
          void message.success(t('earn.saved'));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <Alert type="info" showIcon message={t('earn.newOrdersOnly')} style={{ marginBottom: 16 }} />
      <ProFormText name="nameEn" label={t('earn.nameEn')} rules={[{ required: true }]} />
      <ProFormText name="nameZh" label={t('earn.nameZh')} />
      <ProFormTextArea
        name="descriptionEn"
        label={t('earn.descriptionEn')}
        rules={[{ required: true }]}
      />
      <ProFormTextArea name="descriptionZh" label={t('earn.descriptionZh')} />
      <ProFormSelect
        name="currency"
        label={t('earn.currency')}
        options={[
          { value: 'money', label: 'CNY' },
          { value: 'usdt', label: 'USDT' },
        ]}
        rules={[{ required: true }]}
      />
      <ProFormText
        name="dailyRate"
        label={t('earn.dailyRate')}
        extra={t('earn.dailyRateHelp')}
        rules={[{ required: true }]}
      />
      <ProFormDigit
        name="cycleDays"
        label={t('earn.cycleDays')}
        min={1}
        max={1095}
        fieldProps={{ precision: 0 }}
      />
      <ProFormText name="min" label={t('earn.min')} rules={[{ required: true }]} />
      <ProFormText name="max" label={t('earn.max')} rules={[{ required: true }]} />
      <ProFormText name="userQuota" label={t('earn.userQuota')} extra={t('earn.quotaHelp')} />
      <ProFormText name="totalQuota" label={t('earn.totalQuota')} extra={t('earn.quotaHelp')} />
      <ProFormText
        name="penaltyRate"
        label={t('earn.penaltyRate')}
        extra={t('earn.penaltyRateHelp')}
        rules={[{ required: true }]}
      />
      <ProFormDateTimePicker name="saleStartsAt" label={t('earn.saleStartsAt')} />
      <ProFormDateTimePicker name="saleEndsAt" label={t('earn.saleEndsAt')} />
      <ProFormSelect
        name="status"
        label={t('earn.status')}
        options={[
          { value: 'active', label: t('earn.active') },
          { value: 'paused', label: t('earn.paused') },
        ]}
        rules={[{ required: true }]}
      />
      <ProFormDigit name="sortOrder" label={t('earn.sortOrder')} fieldProps={{ precision: 0 }} />
    </ModalForm>
  );
}
