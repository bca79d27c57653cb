import type { Level } from '@ampere/contract';
import type { UserStatus } from '@ampere/contract/admin';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVEL_COLORS: Record<Level, string | undefined> = {
  ordinary: undefined,
  junior: 'blue',
  intermediate: 'purple',
  premium: 'gold',
};

/** A member level's label (SPEC: Ordinary, Junior, Intermediate, Premium). */
export function LevelTag({ name }: { name: Level }) {
  const { t } = useTranslation();
  return (
    <Tag color={LEVEL_COLORS[name]} bordered={false}>
      {t(`users.levels.${name}`)}
    </Tag>
  );
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={status === 'active' ? 'success' : 'error'}
      text={t(`users.statuses.${status}`)}
    />
  );
}
