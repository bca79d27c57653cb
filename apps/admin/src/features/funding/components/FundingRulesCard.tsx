import { FEE_ROUNDINGS, type CurrencyKey } from '@ampere/contract';
import type { FundingRules } from '@ampere/contract/admin';
import {
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormGroup,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { App, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyName } from '@/components/Amount';
import { errorText } from '@/i18n/errorText';
import { useSaveFundingRules } from '../api/funding';

const WIDTH = 'sm';

/**
 * The funding numbers (funding.settings): bank recharge bounds and expiry, withdrawal bounds,
 * fee (fixed + percent, rounding named) and the second-approval threshold per currency, the
 * daily count and window in the operator's time zone, and the exchange fee and maxima. Saved
 * whole; the server checks every field again.
 */
export function FundingRulesCard({ rules, canEdit }: { rules: FundingRules; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveFundingRules();
  const currencyRules = (currency: CurrencyKey) => (
    <>
      <Divider orientation="left" plain>
        {t('fundingDesk.rules.withdrawOf', { currency: currencyName(currency) })}
      </Divider>
      <ProFormGroup>
        <ProFormText
          name={['withdraw', currency, 'min']}
          label={t('fundingDesk.rules.min')}
          width={WIDTH}
        />
        <ProFormText
          name={['withdraw', currency, 'max']}
          label={t('fundingDesk.rules.max')}
          width={WIDTH}
        />
        <ProFormText
          name={['withdraw', currency, 'secondApprovalFrom']}
          label={t('fundingDesk.rules.secondApprovalFrom')}
          width={WIDTH}
        />
      </ProFormGroup>
      <ProFormGroup>
        <ProFormText
          name={['withdraw', currency, 'feeFixed']}
          label={t('fundingDesk.rules.feeFixed')}
          width={WIDTH}
        />
        <ProFormText
          name={['withdraw', currency, 'feePercent']}
          label={t('fundingDesk.rules.feePercent')}
          width={WIDTH}
        />
        <ProFormSelect
          name={['withdraw', currency, 'feeRounding']}
          label={t('fundingDesk.rules.feeRounding')}
          width={WIDTH}
          options={FEE_ROUNDINGS.map((value) => ({
            value,
            label: t(`fundingDesk.roundings.${value}`),
          }))}
        />
      </ProFormGroup>
    </>
  );
  return (
    <ProCard title={t('fundingDesk.rules.title')} bordered>
      <ProForm<FundingRules>
        initialValues={rules}
        disabled={!canEdit}
        submitter={
          canEdit
            ? { searchConfig: { submitText: t('fundingDesk.save') }, resetButtonProps: false }
            : false
        }
        onFinish={async (values) => {
          try {
            await save.mutateAsync(values);
            void message.success(t('fundingDesk.saved'));
            return true;
          } catch (error) {
            void message.error(errorText(error, t));
            return false;
          }
        }}
      >
        <Divider orientation="left" plain>
          {t('fundingDesk.rules.bankRecharge')}
        </Divider>
        <ProFormGroup>
          <ProFormText
            name={['recharge', 'bankMin']}
            label={t('fundingDesk.rules.min')}
            width={WIDTH}
          />
          <ProFormText
            name={['recharge', 'bankMax']}
            label={t('fundingDesk.rules.max')}
            width={WIDTH}
          />
          <ProFormDigit
            name={['recharge', 'pendingExpiryMinutes']}
            label={t('fundingDesk.rules.pendingExpiryMinutes')}
            width={WIDTH}
            min={5}
            max={10_080}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name={['recharge', 'pendingMax']}
            label={t('fundingDesk.rules.pendingMax')}
            width={WIDTH}
            min={1}
            max={20}
            fieldProps={{ precision: 0 }}
          />
        </ProFormGroup>
        {currencyRules('money')}
        {currencyRules('usdt')}
        <Divider orientation="left" plain>
          {t('fundingDesk.rules.limits')}
        </Divider>
        <ProFormGroup>
          <ProFormDigit
            name={['withdraw', 'dailyCount']}
            label={t('fundingDesk.rules.dailyCount')}
            width={WIDTH}
            min={1}
            max={100}
            fieldProps={{ precision: 0 }}
          />
          <ProFormText
            name={['withdraw', 'windowFrom']}
            label={t('fundingDesk.rules.windowFrom')}
            width={WIDTH}
          />
          <ProFormText
            name={['withdraw', 'windowTo']}
            label={t('fundingDesk.rules.windowTo')}
            width={WIDTH}
          />
          <ProFormDigit
            name="tzOffsetMinutes"
            label={t('fundingDesk.rules.tzOffsetMinutes')}
            width={WIDTH}
            min={-720}
            max={840}
            fieldProps={{ precision: 0 }}
          />
          <ProFormSwitch
            name={['withdraw', 'realNameRequired']}
            label={t('fundingDesk.rules.realNameRequired')}
          />
        </ProFormGroup>
        <Divider orientation="left" plain>
          {t('fundingDesk.rules.exchange')}
        </Divider>
        <ProFormGroup>
          <ProFormText
            name={['exchange', 'feeRate']}
            label={t('fundingDesk.rules.exchangeFeeRate')}
            width={WIDTH}
          />
          <ProFormText
            name={['exchange', 'maxMoney']}
            label={t('fundingDesk.rules.maxMoney')}
            width={WIDTH}
          />
          <ProFormText
            name={['exchange', 'maxUsdt']}
            label={t('fundingDesk.rules.maxUsdt')}
            width={WIDTH}
          />
        </ProFormGroup>
      </ProForm>
    </ProCard>
  );
}
