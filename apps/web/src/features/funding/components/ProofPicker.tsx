import { Button, Image, ImageViewer, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { IMAGE_TYPES, isImageType, uploadImage } from '@/core/uploader';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import styles from './Funding.module.css';

export interface PickedProof {
  id: string;
  url: string;
}

interface Props {
  value: PickedProof | undefined;
  onChange: (value: PickedProof | undefined) => void;
}

/** Deletes an upload the user replaced or removed before submitting; best effort. */
const forget = (id: string) => {
  void api.get('common/deleteUploader', { query: { id } }).catch(() => undefined);
};

/**
 * The optional transfer receipt of a bank recharge: pick an image (the phone offers the camera
 * or its photos), see it go up, then a preview (tap to see it whole), Change and Remove. The
 * upload is the user's, with purpose `recharge_proof`; the recharge attaches it.
 */
export function ProofPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [viewing, setViewing] = useState(false);

  const picked = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type)) {
      Toast.show({ icon: 'fail', content: t('errors.unsupported_image') });
      return;
    }
    setProgress(0);
    try {
      const done = await uploadImage(file, 'recharge_proof', setProgress);
      if (value) forget(value.id);
      onChange({ id: done.id, url: done.url });
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error, t, { fallback: 'upload_failed' }) });
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const pick = () => input.current?.click();

  return (
    <div className={styles.proof} data-testid="recharge-proof">
      {value ? (
        <button
          type="button"
          className={styles.proofFrame}
          onClick={() => {
            setViewing(true);
          }}
          aria-label={t('funding.recharge.proofView')}
        >
          <Image src={value.url} fit="cover" className={styles.proofImage} alt="" />
        </button>
      ) : (
        <button
          type="button"
          className={styles.proofFrame}
          onClick={pick}
          disabled={progress !== undefined}
          aria-label={t('funding.recharge.proofPick')}
        >
          <span className={styles.proofPlaceholder}>
            <span className={styles.proofPlus} aria-hidden>
              +
            </span>
            <span>{t('funding.recharge.proofHint')}</span>
          </span>
        </button>
      )}
      {progress !== undefined ? (
        <div className={styles.proofProgress} role="status">
          <ProgressBar percent={progress} />
          <span>{t('funding.recharge.proofUploading', { percent: progress })}</span>
        </div>
      ) : value ? (
        <div className={styles.proofActions}>
          <Button size="mini" fill="none" color="primary" onClick={pick}>
            {t('funding.recharge.proofChange')}
          </Button>
          <Button
            size="mini"
            fill="none"
            color="danger"
            onClick={() => {
              forget(value.id);
              onChange(undefined);
            }}
          >
            {t('funding.recharge.proofRemove')}
          </Button>
        </div>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="recharge-proof-input"
        onChange={(e) => void picked(e.target.files?.[0])}
      />
      {value && (
        <ImageViewer
          image={value.url}
          visible={viewing}
          onClose={() => {
            setViewing(false);
          }}
        />
      )}
    </div>
  );
}
