import type { Permission } from '@ampere/contract/admin';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A member's permissions in words, each with its identifier (what docs and logs name) on hover. */
export function PermissionTags({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={6}>
      {permissions.map((permission) => (
        <Tooltip key={permission} title={permission}>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`permissions.${permission}`)}</Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}
