import { Popup } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './RulesSheet.module.css';

/** The sections of docs/trading-rules.md, in its order; each is a title and its paragraphs. */
const SECTIONS = [
  {
    key: 'terms',
    title: 'trade.rulesSheet.terms.title',
    paragraphs: [
      'trade.rulesSheet.terms.direction',
      'trade.rulesSheet.terms.stake',
      'trade.rulesSheet.terms.period',
      'trade.rulesSheet.terms.strike',
    ],
  },
  {
    key: 'outcome',
    title: 'trade.rulesSheet.outcome.title',
    paragraphs: [
      'trade.rulesSheet.outcome.win',
      'trade.rulesSheet.outcome.refunds',
      'trade.rulesSheet.outcome.example',
    ],
  },
  {
    key: 'settlement',
    title: 'trade.rulesSheet.settlement.title',
    paragraphs: ['trade.rulesSheet.settlement.settle'],
  },
  {
    key: 'check',
    title: 'trade.rulesSheet.check.title',
    paragraphs: ['trade.rulesSheet.check.check', 'trade.rulesSheet.check.checkYourself'],
  },
  {
    key: 'limits',
    title: 'pages.tradeLimits.title',
    paragraphs: ['trade.rulesSheet.limits.limits'],
  },
] as const;

export type RulesSection = (typeof SECTIONS)[number]['key'];

interface Props {
  visible: boolean;
  onClose: () => void;
  /** The section to show first, e.g. how to check an order from its receipt. */
  focus?: RulesSection | undefined;
}

/** The public trading rules (docs/trading-rules.md) in the user's language, as a sheet. */
export function RulesSheet({ visible, onClose, focus }: Props) {
  const { t } = useTranslation();
  const focusRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (visible && focus !== undefined) focusRef.current?.scrollIntoView({ block: 'start' });
  }, [visible, focus]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName={styles.sheet}
    >
      <div className={styles.body} role="dialog" aria-label={t('trade.rules.link')}>
        <h2 className={styles.title}>{t('trade.rules.link')}</h2>
        <div className={styles.scroll}>
          <p className={styles.intro}>{t('trade.rulesSheet.intro')}</p>
          {SECTIONS.map((section) => (
            <section
              key={section.key}
              ref={section.key === focus ? focusRef : undefined}
              className={styles.section}
            >
              <h3>{t(section.title)}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{t(paragraph)}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </Popup>
  );
}
