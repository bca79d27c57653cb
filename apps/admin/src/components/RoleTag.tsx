import type { Role } from '@ampere/contract/admin';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<Role, string> = {
  owner: 'gold',
  finance: 'green',
  compliance: 'purple',
  support: 'blue',
  risk: 'volcano',
  auditor: 'cyan',
};

export function RoleTag({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[role]} bordered={false}>
      {t(`roles.${role}`)}
    </Tag>
  );
}
