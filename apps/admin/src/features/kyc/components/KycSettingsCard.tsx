import { KYC_DOC_TYPES, type KycDocType } from '@ampere/contract';
import type { KycSettings } from '@ampere/contract/admin';
import { ProCard } from '@ant-design/pro-components';
import { App, Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useSaveKycSettings } from '../api/kyc';

/**
 * The documents users may verify with (docs/kyc.md): read with kyc.read, changed with
 * kyc.settings (compliance). At least one stays ticked; the server refuses none (7205).
 */
export function KycSettingsCard({
  settings,
  canEdit,
}: {
  settings: KycSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveKycSettings();
  const [picked, setPicked] = useState<KycDocType[]>(settings.docTypes);
  const changed =
    picked.length !== settings.docTypes.length ||
    picked.some((d) => !settings.docTypes.includes(d));
  return (
    <ProCard title={t('kyc.settings.title')} bordered collapsible defaultCollapsed={!canEdit}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('kyc.settings.hint')}</Typography.Text>
        <Checkbox.Group<KycDocType>
          value={picked}
          disabled={!canEdit}
          onChange={setPicked}
          options={KYC_DOC_TYPES.map((value) => ({
            value,
            label: t(`kyc.docTypes.${value}`),
          }))}
          data-testid="kyc-doc-types"
        />
        {canEdit ? (
          <Button
            type="primary"
            disabled={!changed || picked.length === 0}
            loading={save.isPending}
            data-testid="kyc-doc-types-save"
            onClick={() => {
              save.mutate(
                { docTypes: picked },
                {
                  onSuccess: (data) => {
                    setPicked(data.docTypes);
                    void message.success(t('kyc.settings.saved'));
                  },
                  onError: (error) => void message.error(errorText(error, t)),
                },
              );
            }}
          >
            {t('kyc.settings.save')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('kyc.settings.readOnly')}</Typography.Text>
        )}
      </Space>
    </ProCard>
  );
}
