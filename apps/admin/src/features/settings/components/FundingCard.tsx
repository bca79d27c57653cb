import { LOCALES, type LocaleKey } from '@ampere/contract';
import { CLOSE_TIP_MAX, type FundingKind, type FundingSwitch } from '@ampere/contract/admin';
import { ProCard, ProForm, ProFormSwitch, ProFormTextArea } from '@ant-design/pro-components';
import { App, Badge, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangeFunding } from '../api/settings';

interface Values {
  open: boolean;
  closeTip: Partial<Record<LocaleKey, string | undefined>>;
}

/** The tips that say something: blank ones are left out (the server does the same). */
function tipsOf(values: Values['closeTip']): Partial<Record<LocaleKey, string>> {
  const out: Partial<Record<LocaleKey, string>> = {};
  for (const { key } of LOCALES) {
    const tip = values[key]?.trim();
    if (tip) out[key] = tip;
  }
  return out;
}

/**
 * One switch (recharge or withdrawal) and its close tip in each of the 13 languages, saved
 * together. Read-only for a role without settings.funding.
 */
export function FundingCard({
  kind,
  value,
  canEdit,
}: {
  kind: FundingKind;
  value: FundingSwitch;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeFunding();
  const title = t(kind === 'recharge' ? 'funding.recharge' : 'funding.withdraw');
  return (
    <ProCard
      title={title}
      bordered
      extra={
        <Tag color={value.open ? 'success' : 'error'}>
          {t(value.open ? 'funding.opened' : 'funding.closed')}
        </Tag>
      }
    >
      <ProForm<Values>
        // A saved answer becomes the form's new starting point.
        key={JSON.stringify(value)}
        initialValues={value}
        disabled={!canEdit}
        submitter={
          canEdit
            ? {
                searchConfig: { submitText: t('funding.save') },
                resetButtonProps: { style: { display: 'none' } },
              }
            : false
        }
        onFinish={async (values) => {
          try {
            await change.mutateAsync({
              kind,
              change: { open: values.open, closeTip: tipsOf(values.closeTip) },
            });
            void message.success(t('funding.saved'));
            return true;
          } catch (error) {
            void message.error(errorText(error, t));
            return false;
          }
        }}
      >
        <ProFormSwitch
          name="open"
          label={t('funding.open')}
          fieldProps={{
            checkedChildren: t('funding.opened'),
            unCheckedChildren: t('funding.closed'),
          }}
        />
        <ProForm.Item label={t('funding.tips')}>
          <Tabs
            size="small"
            items={LOCALES.map(({ key, name }) => ({
              key,
              // Every tab's field stays in the form, opened or not.
              forceRender: true,
              label: (
                <Badge dot={Boolean(value.closeTip[key])} offset={[6, 0]}>
                  {name}
                </Badge>
              ),
              children: (
                <ProFormTextArea
                  name={['closeTip', key]}
                  placeholder={t('funding.tipPlaceholder')}
                  fieldProps={{
                    maxLength: CLOSE_TIP_MAX,
                    showCount: true,
                    rows: 3,
                    'aria-label': `${title}: ${name}`,
                  }}
                />
              ),
            }))}
          />
        </ProForm.Item>
      </ProForm>
    </ProCard>
  );
}
