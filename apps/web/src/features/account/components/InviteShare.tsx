import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { Toast } from '@/lib/overlays';
import styles from './InviteShare.module.css';

interface Props {
  inviteCode: string;
  shareUrl: string;
}

/** Drawn size of the QR code; with its quiet zone on a white plate it stays scannable. */
export const QR_SIZE_PX = 180;
/** Light modules around the code (the standard asks for 4; the plate's padding adds more). */
const QR_QUIET_ZONE_MODULES = 2;

interface CopyRowProps {
  label: string;
  value: string;
  copyLabel: string;
  /** The invite code is read out and typed by hand, so it is drawn large. */
  prominent?: boolean;
}

function CopyRow({ label, value, copyLabel, prominent = false }: CopyRowProps) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyText(value);
    Toast.show(
      copied
        ? { icon: 'success', content: t('common.copySuccess') }
        : { icon: 'fail', content: t('common.copyFailed') },
    );
  };
  return (
    <div className={styles.row}>
      <div className={styles.field}>
        <span className={styles.label}>{label}</span>
        <span className={prominent ? styles.code : styles.value}>{value}</span>
      </div>
      <Button
        size="small"
        color="primary"
        fill="outline"
        aria-label={`${copyLabel}: ${label}`}
        onClick={() => {
          void copy();
        }}
      >
        {copyLabel}
      </Button>
    </div>
  );
}

/** The invite link as a QR code, and the code and link to copy (SPEC §1, §8). */
export function InviteShare({ inviteCode, shareUrl }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <figure className={styles.qr}>
        {/* Always dark on white: scanners read a light-on-dark code poorly, so no dark theme. */}
        <div className={styles.plate}>
          <QRCodeSVG
            value={shareUrl}
            size={QR_SIZE_PX}
            marginSize={QR_QUIET_ZONE_MODULES}
            bgColor="#ffffff"
            fgColor="#000000"
            level="M"
            title={t('share.qrTitle')}
          />
        </div>
        <figcaption className={styles.caption}>{t('share.scanHint')}</figcaption>
      </figure>
      <div className={styles.rows}>
        <CopyRow
          label={t('share.inviteCode')}
          value={inviteCode}
          copyLabel={t('share.copy')}
          prominent
        />
        <CopyRow label={t('share.link')} value={shareUrl} copyLabel={t('share.copy')} />
      </div>
    </>
  );
}
