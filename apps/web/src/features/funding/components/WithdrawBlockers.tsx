import type { WithdrawConfig } from '@ampere/contract';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './Funding.module.css';

/**
 * Why a withdrawal cannot be sent right now, each in words: no fund password, the real name not
 * yet approved, today's count used up, outside the daily window. Empty when nothing stands in
 * the way.
 */
export type Blocker = 'fundPassword' | 'realName' | 'dailyCount' | 'window';

export function withdrawBlockers(config: WithdrawConfig): Blocker[] {
  const reasons: Blocker[] = [];
  if (!config.fundPasswordSet) reasons.push('fundPassword');
  if (config.realNameRequired && !config.realNameApproved) reasons.push('realName');
  if (config.usedToday >= config.dailyCount) reasons.push('dailyCount');
  if (!config.window.openNow) reasons.push('window');
  return reasons;
}

/** The operator's zone as "UTC+8" / "UTC-3:30". */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${sign}${String(hours)}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

export function WithdrawBlockers({ config }: { config: WithdrawConfig }) {
  const { t } = useTranslation();
  const values = {
    count: config.dailyCount,
    used: config.usedToday,
    from: config.window.from,
    to: config.window.to,
    zone: utcOffset(config.window.tzOffsetMinutes),
  };
  return (
    <>
      {withdrawBlockers(config).map((reason) => (
        <div key={reason} className={styles.warn}>
          <NoticeBar color="alert" wrap content={t(`funding.withdraw.blocked.${reason}`, values)} />
        </div>
      ))}
    </>
  );
}
