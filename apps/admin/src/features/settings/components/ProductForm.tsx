import {
  PRODUCT_TRADING_STATES,
  SORT_ORDER_MAX,
  type AdminProduct,
  type ProductTradingState,
} from '@ampere/contract/admin';
import { ModalForm, ProFormDigit, ProFormRadio } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangeProduct } from '../api/settings';

interface Values {
  tradingState: ProductTradingState;
  sortOrder: number;
}

/** A product's trading state (new orders or none) and its place in the list. */
export function ProductForm({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeProduct();
  return (
    <ModalForm<Values>
      title={t('products.editProduct', { symbol: product.symbol })}
      width={480}
      trigger={
        <Button type="link" size="small">
          {t('products.edit')}
        </Button>
      }
      initialValues={{ tradingState: product.tradingState, sortOrder: product.sortOrder }}
      modalProps={{
        destroyOnHidden: true,
        okText: t('products.save'),
        cancelText: t('common.cancel'),
      }}
      onFinish={async (values) => {
        try {
          await change.mutateAsync({ symbol: product.symbol, ...values });
          void message.success(t('products.saved'));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <ProFormRadio.Group
        name="tradingState"
        label={t('products.state')}
        extra={t('products.stateHelp')}
        radioType="button"
        options={PRODUCT_TRADING_STATES.map((state) => ({
          value: state,
          label: t(`products.states.${state}`),
        }))}
      />
      <ProFormDigit
        name="sortOrder"
        label={t('products.sortOrder')}
        min={-SORT_ORDER_MAX}
        max={SORT_ORDER_MAX}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
    </ModalForm>
  );
}
