import type { UserLevel } from '@ampere/contract';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoneyIn } from '../display';
import { isZero, nextLevelPercent } from '../progress';
import styles from './LevelCard.module.css';

/** One currency's way to the next level: what is still to trade and to deposit. */
function NeedLine({ need }: { need: NonNullable<UserLevel['next']>['needs'][number] }) {
  const { t } = useTranslation();
  const volume = formatMoneyIn(need.volumeMissing, need.currency);
  const deposits = formatMoneyIn(need.depositsMissing, need.currency);
  const noVolume = isZero(need.volumeMissing, need.currency);
  const noDeposits = isZero(need.depositsMissing, need.currency);
  let text: string;
  if (noVolume && noDeposits) text = t('memberLevel.needMet');
  else if (noVolume) text = t('memberLevel.needDeposits', { deposits });
  else if (noDeposits) text = t('memberLevel.needVolume', { volume });
  else text = t('memberLevel.needBoth', { volume, deposits });
  return <li>{text}</li>;
}

/**
 * The Mine tab's member level: the label, progress toward the next level, and what the next
 * level needs — in either currency, both its traded volume and its deposits.
 */
export function LevelCard({ level }: { level: UserLevel }) {
  const { t } = useTranslation();
  const label = (key: UserLevel['key']) => t(`account.levels.${key}`);
  const percent = level.next ? nextLevelPercent(level.next.needs) : 100;
  return (
    <section className={styles.card} aria-label={t('memberLevel.title')}>
      <header className={styles.head}>
        <span className={styles.title}>{t('memberLevel.title')}</span>
        <strong className={styles.level}>{label(level.key)}</strong>
      </header>
      {level.next ? (
        <>
          <div className={styles.next}>
            <span>{t('memberLevel.next', { level: label(level.next.key) })}</span>
            <span>{t('memberLevel.percent', { percent })}</span>
          </div>
          <ProgressBar percent={percent} className={styles.bar} />
          <p className={styles.intro}>
            {t('memberLevel.needsIntro', { level: label(level.next.key) })}
          </p>
          <ul className={styles.needs}>
            {level.next.needs.map((need) => (
              <NeedLine key={need.currency} need={need} />
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.intro}>{t('memberLevel.top')}</p>
      )}
      <ul className={styles.progress}>
        {level.progress.map((p) => (
          <li key={p.currency}>
            {t('memberLevel.progress', {
              volume: formatMoneyIn(p.volume, p.currency),
              deposits: formatMoneyIn(p.deposits, p.currency),
            })}
          </li>
        ))}
      </ul>
      {level.floor > 0 && (
        <p className={styles.note}>{t('memberLevel.floor', { level: label(level.key) })}</p>
      )}
    </section>
  );
}
