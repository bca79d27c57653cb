import type { Role, StaffMember } from '@ampere/contract/admin';
import { ModalForm } from '@ant-design/pro-components';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangeRole } from '../api/staff';
import { RoleSelect } from './RoleSelect';

export function ChangeRoleForm({ member, disabled }: { member: StaffMember; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeRole();
  return (
    <ModalForm<{ role: Role }>
      title={t('staff.changeRoleTitle', { name: member.username })}
      width={520}
      initialValues={{ role: member.role }}
      trigger={
        <Button type="link" size="small" disabled={disabled}>
          {t('staff.changeRole')}
        </Button>
      }
      modalProps={{
        destroyOnHidden: true,
        okText: t('staff.save'),
        cancelText: t('common.cancel'),
      }}
      onFinish={async ({ role }) => {
        try {
          await change.mutateAsync({ id: member.id, role });
          void message.success(
            t('staff.roleChanged', { name: member.username, role: t(`roles.${role}`) }),
          );
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t('staff.roleChangeNote')}</Typography.Paragraph>
      <RoleSelect />
    </ModalForm>
  );
}
