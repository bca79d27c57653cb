import type { Home } from '@ampere/contract';
import { Avatar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { levelOf } from '../levels';
import styles from './ProfileCard.module.css';

/** The parts of user/home the card shows; undefined until it has loaded. */
export type ProfileStats = Pick<Home, 'realName' | 'invitedCount'>;

interface Props {
  username: string;
  uid: string | number | undefined;
  level: string | undefined;
  stats: ProfileStats | undefined;
}

const PENDING = '—';

/**
 * Who is signed in: name, UID, member level (SPEC §1), real name, invitations. No credit score:
 * nothing sets one yet (every account has the column's default), and a constant is not data.
 */
export function ProfileCard({ username, uid, level, stats }: Props) {
  const { t } = useTranslation();
  const items = [
    { key: 'realName', value: stats && t(`account.realName.${stats.realName}`) },
    { key: 'invited', value: stats?.invitedCount.toString() },
  ] as const;
  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <Avatar src="" className={styles.avatar} />
        <div className={styles.identity}>
          <p className={styles.name}>{username}</p>
          <p className={styles.meta}>
            <span>{t('account.uid', { uid: uid ?? PENDING })}</span>
            <Tag className={styles.level} color="var(--app-hero-accent)" fill="outline">
              {t(`account.levels.${levelOf(level)}`)}
            </Tag>
          </p>
        </div>
      </div>
      <dl className={styles.stats}>
        {items.map(({ key, value }) => (
          <div key={key} className={styles.stat}>
            {/* Label first for assistive technology; the value is drawn above it. */}
            <dt>{t(`account.stats.${key}`)}</dt>
            <dd>{value ?? PENDING}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
