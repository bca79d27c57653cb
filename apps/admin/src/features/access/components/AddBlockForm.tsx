import { App, Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useAddBlock } from '../api/access';

interface Values {
  cidr: string;
  note: string;
  expiresAt?: Dayjs | null;
}

/**
 * Blocks an address or range from the user app (access.manage). The server parses and
 * normalises the range (and refuses a bad or too wide one, in the member's language); what it
 * stored is shown in the table below.
 */
export function AddBlockForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const add = useAddBlock();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    try {
      const block = await add.mutateAsync({
        cidr: values.cidr.trim(),
        note: values.note.trim(),
        expiresAt: values.expiresAt ? values.expiresAt.valueOf() : null,
      });
      void message.success(t('access.blocks.added', { cidr: block.cidr }));
      form.resetFields();
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };
  return (
    <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item
        name="cidr"
        label={t('access.blocks.cidr')}
        extra={t('access.blocks.cidrHelp')}
        rules={[{ required: true, whitespace: true, message: t('access.blocks.cidrRequired') }]}
      >
        <Input
          placeholder="203.0.113.0/24 · 2001:db8::/32"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('access.blocks.note')}
        rules={[{ required: true, whitespace: true, message: t('access.blocks.noteRequired') }]}
      >
        <Input.TextArea
          placeholder={t('access.blocks.notePlaceholder')}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('access.blocks.expiresAt')}
        extra={t('access.blocks.expiresHelp')}
      >
        <DatePicker
          showTime
          style={{ width: '100%' }}
          disabledDate={(day) => day.isBefore(dayjs(), 'day')}
        />
      </Form.Item>
      <Button type="primary" danger htmlType="submit" loading={add.isPending}>
        {t('access.blocks.add')}
      </Button>
    </Form>
  );
}
