import { SCALES, type CurrencyKey } from '@ampere/contract';
import { currencyAmountSchema, THRESHOLD_LEVELS, type MemberLevels } from '@ampere/contract/admin';
import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangeLevels } from '../api/settings';

const CURRENCIES: readonly CurrencyKey[] = ['money', 'usdt'];

/** The contract's own rule for a threshold, so the form refuses what the server would. */
const isThreshold = (text: string, currency: CurrencyKey) =>
  currencyAmountSchema(currency, 'level_threshold', true).safeParse(text).success;

/** The thresholds of Junior, Intermediate and Premium, per currency. */
export function LevelsForm({ levels, canEdit }: { levels: MemberLevels; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeLevels();
  return (
    <ProForm<MemberLevels>
      key={JSON.stringify(levels)}
      initialValues={levels}
      disabled={!canEdit}
      submitter={
        canEdit
          ? {
              searchConfig: { submitText: t('levels.save') },
              resetButtonProps: { style: { display: 'none' } },
            }
          : false
      }
      onFinish={async (values) => {
        try {
          await change.mutateAsync(values);
          void message.success(t('levels.saved'));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <Alert type="info" showIcon message={t('levels.ascending')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {THRESHOLD_LEVELS.map((level) => (
          <Col xs={24} lg={8} key={level}>
            <ProCard title={t(`levels.${level}`)} bordered>
              {CURRENCIES.map((currency) => (
                <ProFormText
                  key={currency}
                  name={[level, currency]}
                  label={t(currency === 'money' ? 'levels.money' : 'levels.usdt')}
                  extra={t('levels.amountHelp', { scale: SCALES[currency] })}
                  fieldProps={{
                    inputMode: 'decimal',
                    autoComplete: 'off',
                    'aria-label': `${t(`levels.${level}`)}: ${t(currency === 'money' ? 'levels.money' : 'levels.usdt')}`,
                  }}
                  rules={[
                    {
                      required: true,
                      message: t('levels.amountHelp', { scale: SCALES[currency] }),
                    },
                    {
                      validator: async (_, value: string | undefined) => {
                        if (value === undefined || value === '' || isThreshold(value, currency))
                          return;
                        throw new Error(t('levels.amountHelp', { scale: SCALES[currency] }));
                      },
                    },
                  ]}
                />
              ))}
            </ProCard>
          </Col>
        ))}
      </Row>
    </ProForm>
  );
}
