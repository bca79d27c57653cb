import type { RealnameAuth, RealnameAuthRequest } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Kyc.module.css';
import { SidePicker, type PickedImage } from './SidePicker';

interface Props {
  /** The current verification: uncertified (everything) or declined (the declined parts). */
  current: RealnameAuth;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<PickedImage>;
  submitting: boolean;
  onSubmit: (body: RealnameAuthRequest) => void;
  /** A required part is missing: the page says which. */
  onMissing: (what: 'details' | 'photos') => void;
}

/**
 * The submission: name, number and both sides the first time; after a decline only what was
 * declined — a side alone ("re-upload this side"), with the name and number when the front was.
 */
export function KycForm({ current, upload, submitting, onSubmit, onMissing }: Props) {
  const { t } = useTranslation();
  const first = current.status === 'uncertified';
  const needFront = first || current.front?.status === 'declined';
  const needBack = first || current.back?.status === 'declined';
  const [name, setName] = useState(current.name ?? '');
  const [idcard, setIdcard] = useState('');
  const [front, setFront] = useState<PickedImage>();
  const [back, setBack] = useState<PickedImage>();

  const submit = () => {
    const idcardGiven = idcard.trim() !== '';
    if (first && (name.trim() === '' || !idcardGiven)) {
      onMissing('details');
      return;
    }
    if ((needFront && !front) || (needBack && !back)) {
      onMissing('photos');
      return;
    }
    onSubmit({
      ...(needFront && name.trim() !== '' ? { name: name.trim() } : {}),
      ...(needFront && idcardGiven ? { idcard: idcard.trim() } : {}),
      ...(front ? { front: front.id } : {}),
      ...(back ? { contrary: back.id } : {}),
    });
  };

  return (
    <Form layout="vertical" mode="card" className={styles.form}>
      {needFront ? (
        <>
          <Form.Item label={t('realname.name')}>
            <Input
              value={name}
              onChange={setName}
              autoComplete="name"
              clearable
              data-testid="kyc-name"
            />
          </Form.Item>
          <Form.Item label={t('realname.idNumber')}>
            <Input
              value={idcard}
              onChange={setIdcard}
              placeholder={first ? t('kyc.idcardPlaceholder') : (current.idcardMasked ?? undefined)}
              maxLength={18}
              clearable
              data-testid="kyc-idcard"
            />
          </Form.Item>
        </>
      ) : null}
      {!first ? <p className={styles.hint}>{t('kyc.reuploadHint')}</p> : null}
      <div className={styles.pickers}>
        {needFront ? (
          <SidePicker
            label={first ? t('realname.front') : t('kyc.reupload', { side: t('realname.front') })}
            hint={t('kyc.frontHint')}
            value={front}
            onChange={setFront}
            upload={upload}
            testId="kyc-front"
          />
        ) : null}
        {needBack ? (
          <SidePicker
            label={first ? t('realname.back') : t('kyc.reupload', { side: t('realname.back') })}
            hint={t('kyc.backHint')}
            value={back}
            onChange={setBack}
            upload={upload}
            testId="kyc-back"
          />
        ) : null}
      </div>
      <div className={styles.submit}>
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          onClick={submit}
          data-testid="kyc-submit"
        >
          {first ? t('kyc.submit') : t('kyc.resubmit')}
        </Button>
      </div>
    </Form>
  );
}
