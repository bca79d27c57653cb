import type { Agreement } from '@ampere/contract';
import { Button, Popup } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AgreementMeta } from './AgreementView';
import { NoticeBody } from './NoticeBody';
import styles from './AgreementSheet.module.css';

interface Props {
  agreement: Agreement;
  accepting: boolean;
  declining: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/**
 * A new version of the user service agreement, asked at launch (docs/content.md, Agreement
 * versions). It cannot be dismissed: no mask tap, no close button, navigation leaves it up. The
 * way on is to accept; the way out is to decline and sign out.
 */
export function AgreementSheet({ agreement, accepting, declining, onAccept, onDecline }: Props) {
  const { t } = useTranslation();
  return (
    <Popup visible closeOnMaskClick={false} bodyClassName={styles.sheet} destroyOnClose>
      <div
        className={styles.frame}
        role="dialog"
        aria-modal
        aria-labelledby="agreement-sheet-title"
      >
        <header className={styles.header}>
          <FileOutline className={styles.icon} aria-hidden />
          <div>
            <h2 id="agreement-sheet-title" className={styles.heading}>
              {t('agreement.updatedTitle')}
            </h2>
            <p className={styles.intro}>{t('agreement.updatedIntro')}</p>
          </div>
        </header>
        <div className={styles.scroll}>
          <h3 className={styles.title}>{agreement.title}</h3>
          <AgreementMeta agreement={agreement} />
          <NoticeBody html={agreement.body} />
        </div>
        <footer className={styles.footer}>
          <Button
            block
            color="primary"
            size="large"
            loading={accepting}
            disabled={declining}
            onClick={onAccept}
          >
            {t('agreement.accept')}
          </Button>
          <Button
            block
            fill="none"
            size="middle"
            loading={declining}
            disabled={accepting}
            onClick={onDecline}
          >
            {t('agreement.decline')}
          </Button>
        </footer>
      </div>
    </Popup>
  );
}
