import { ROLE_KEYS, ROLES, type Role } from '@ampere/contract/admin';
import { ProFormDependency, ProFormSelect } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionTags } from '@/components/PermissionTags';

const isRole = (value: unknown): value is Role => ROLE_KEYS.some((role) => role === value);

/** The role field of the staff forms, with what the chosen role allows beneath it. */
export function RoleSelect() {
  const { t } = useTranslation();
  return (
    <>
      <ProFormSelect<Role>
        name="role"
        label={t('staff.role')}
        allowClear={false}
        options={ROLE_KEYS.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        rules={[{ required: true, message: t('staff.chooseRole') }]}
      />
      <ProFormDependency name={['role']}>
        {({ role }: { role?: unknown }) =>
          !isRole(role) ? null : (
            <div style={{ marginBottom: 16 }}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {t('staff.roleHint')}
              </Typography.Paragraph>
              <PermissionTags permissions={ROLES[role]} />
            </div>
          )
        }
      </ProFormDependency>
    </>
  );
}
