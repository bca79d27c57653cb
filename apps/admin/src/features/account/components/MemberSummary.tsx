import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionTags } from '@/components/PermissionTags';
import { RoleTag } from '@/components/RoleTag';
import { useSession } from '@/core/session';

/** Who is signed in: name, role and what the role allows. */
export function MemberSummary() {
  const { t } = useTranslation();
  const { staff } = useSession();
  return (
    <Descriptions column={1} styles={{ label: { width: 160 } }}>
      <Descriptions.Item label={t('member.username')}>{staff.username}</Descriptions.Item>
      <Descriptions.Item label={t('member.role')}>
        <RoleTag role={staff.role} />
      </Descriptions.Item>
      <Descriptions.Item label={t('member.permissions')}>
        <PermissionTags permissions={staff.permissions} />
      </Descriptions.Item>
    </Descriptions>
  );
}
