import { App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { errorText } from '@/i18n/errorText';
import { useAccessSettings, useSaveAccessSettings } from '../api/access';

/**
 * Where a disabled account or a blocked address is sent (config `Black_run`, SPEC §4): the app's
 * own restricted page when empty, or the operator's own web page.
 */
export function BlackRunForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useAccessSettings();
  const save = useSaveAccessSettings();
  const [form] = Form.useForm<{ blackRunUrl: string }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ blackRunUrl: settings.data.blackRunUrl });
  }, [settings.data, form]);
  if (settings.isError)
    return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={({ blackRunUrl }) => {
        save.mutateAsync(blackRunUrl.trim()).then(
          () => void message.success(t('access.blackRun.saved')),
          (error: unknown) => void message.error(errorText(error, t)),
        );
      }}
    >
      <Form.Item
        name="blackRunUrl"
        label={t('access.blackRun.label')}
        extra={t('access.blackRun.help')}
      >
        <Input placeholder={t('access.blackRun.placeholder')} maxLength={2048} allowClear />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('access.blackRun.effective')}{' '}
        <Typography.Text code copyable>
          {settings.data.effectiveUrl}
        </Typography.Text>
      </Typography.Paragraph>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('access.blackRun.save')}
        </Button>
      )}
    </Form>
  );
}
