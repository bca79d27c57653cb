import { USERNAME_PATTERN } from '@ampere/contract';
import type { Role } from '@ampere/contract/admin';
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useCreateStaff, type StaffCreated } from '../api/staff';
import { RoleSelect } from './RoleSelect';

interface Values {
  username: string;
  role: Role;
}

/** "Add member": name and role; the answer's one-time password goes to `onCreated`. */
export function CreateStaffForm({ onCreated }: { onCreated: (created: StaffCreated) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateStaff();
  return (
    <ModalForm<Values>
      title={t('staff.addTitle')}
      width={520}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('staff.add')}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, okText: t('staff.add'), cancelText: t('common.cancel') }}
      onFinish={async (values) => {
        try {
          onCreated(await create.mutateAsync(values));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <ProFormText
        name="username"
        label={t('staff.username')}
        extra={t('staff.usernameRules')}
        fieldProps={{ autoComplete: 'off', maxLength: 24 }}
        rules={[
          { required: true, whitespace: true, message: t('staff.enterUsername') },
          { pattern: USERNAME_PATTERN, message: t('staff.usernameRules') },
        ]}
      />
      <RoleSelect />
    </ModalForm>
  );
}
