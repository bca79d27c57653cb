import { SCALES, type CurrencyKey } from '@ampere/contract';
import { currencyAmountSchema, THRESHOLD_LEVELS, type MemberLevels } from '@ampere/contract/admin';
import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangeLevels } from '../api/settings';

const CURRENCIES: readonly CurrencyKey[] = ['money', 'usdt'];
const MEASURES = ['volume', 'deposits'] as const;
type Measure = (typeof MEASURES)[number];

/** The field's label key: volume or deposits, in CNY or USDT. */
const labelKey = (measure: Measure, currency: CurrencyKey) =>
  `levels.${measure}.${currency === 'money' ? 'money' : 'usdt'}` as const;

/** The contract's own rule for a threshold, so the form refuses what the server would. */
const isThreshold = (text: string, currency: CurrencyKey) =>
  currencyAmountSchema(currency, 'level_threshold', true).safeParse(text).success;

/** The thresholds of Junior, Intermediate and Premium: volume and deposits, per currency. */
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
      <Alert
        type="info"
        showIcon
        message={t('levels.ascending')}
        description={t('levels.applies')}
        style={{ marginBottom: 16 }}
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {THRESHOLD_LEVELS.map((level) => (
          <Col xs={24} lg={8} key={level}>
            <ProCard title={t(`levels.${level}`)} bordered>
              {MEASURES.flatMap((measure) =>
                CURRENCIES.map((currency) => (
                  <ProFormText
                    key={`${measure}.${currency}`}
                    name={[level, measure, currency]}
                    label={t(labelKey(measure, currency))}
                    extra={t('levels.amountHelp', { scale: SCALES[currency] })}
                    fieldProps={{
                      inputMode: 'decimal',
                      autoComplete: 'off',
                      'aria-label': `${t(`levels.${level}`)}: ${t(labelKey(measure, currency))}`,
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
                )),
              )}
            </ProCard>
          </Col>
        ))}
      </Row>
    </ProForm>
  );
}
