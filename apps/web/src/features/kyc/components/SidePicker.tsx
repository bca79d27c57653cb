import { Button, Image, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_IMAGE_TYPES } from '../api/kyc';
import styles from './Kyc.module.css';

export interface PickedImage {
  id: string;
  url: string;
}

interface Props {
  label: string;
  hint: string;
  value: PickedImage | undefined;
  onChange: (value: PickedImage) => void;
  /** Uploads the file, reporting progress; rejects with what the user should read. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<PickedImage>;
  testId: string;
}

/**
 * One side of the ID card: pick (the phone offers the camera or its photos), a preview, and a
 * progress bar while the image goes up.
 */
export function SidePicker({ label, hint, value, onChange, upload, testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);

  const picked = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onChange(await upload(file, setProgress));
    } catch {
      // The caller told the user why.
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={styles.side} data-testid={testId}>
      <div className={styles.sideLabel}>{label}</div>
      <button
        type="button"
        className={styles.frame}
        onClick={() => input.current?.click()}
        aria-label={value ? t('kyc.replace', { side: label }) : t('kyc.pick')}
        disabled={progress !== undefined}
      >
        {value ? (
          <Image src={value.url} fit="cover" className={styles.preview} alt={label} />
        ) : (
          <span className={styles.placeholder}>
            <span className={styles.plus} aria-hidden>
              +
            </span>
            <span>{hint}</span>
          </span>
        )}
      </button>
      {progress !== undefined ? (
        <div className={styles.progress} role="status">
          <ProgressBar percent={progress} />
          <span>{t('kyc.uploading', { percent: progress })}</span>
        </div>
      ) : value ? (
        <Button size="mini" fill="none" color="primary" onClick={() => input.current?.click()}>
          {t('kyc.change')}
        </Button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={KYC_IMAGE_TYPES.join(',')}
        hidden
        onChange={(e) => void picked(e.target.files?.[0])}
      />
    </div>
  );
}
