import type { KycDocType, RealnameAuth, RealnameAuthRequest } from '@ampere/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocText } from '../api/kyc';
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

/** The longest a number may be typed (spaces allowed; the server normalizes). */
const NUMBER_MAX: Record<KycDocType, number> = {
  prc_id: 18,
  passport: 12,
  hk_macau_permit: 14,
  taiwan_permit: 10,
};

/**
 * The documents the user may pick: those on offer the first time; after a decline of both sides
 * those and the one on record (a case goes on with its type); else only the one on record.
 */
function choicesOf(current: RealnameAuth, first: boolean, bothDeclined: boolean): KycDocType[] {
  if (first) return current.docTypes;
  const own = current.docType ?? 'prc_id';
  if (!bothDeclined) return [own];
  return [own, ...current.docTypes.filter((d) => d !== own)];
}

/**
 * The submission: the document (a picker when more than one is offered), name, number and both
 * sides the first time; after a decline only what was declined — a side alone ("re-upload this
 * side"), with the name and number when the front was.
 */
export function KycForm({ current, upload, submitting, onSubmit, onMissing }: Props) {
  const { t } = useTranslation();
  const first = current.status === 'uncertified';
  const needFront = first || current.front?.status === 'declined';
  const needBack = first || current.back?.status === 'declined';
  const choices = choicesOf(current, first, needFront && needBack);
  const [docType, setDocType] = useState<KycDocType>(choices[0] ?? 'prc_id');
  const [name, setName] = useState(current.name ?? '');
  const [idcard, setIdcard] = useState('');
  const [front, setFront] = useState<PickedImage>();
  const [back, setBack] = useState<PickedImage>();
  const changesType = !first && docType !== current.docType;
  const doc = (key: DocText) => t(`kyc.docs.${docType}.${key}`);

  const submit = () => {
    const idcardGiven = idcard.trim() !== '';
    if ((first && name.trim() === '') || ((first || changesType) && !idcardGiven)) {
      onMissing('details');
      return;
    }
    if ((needFront && !front) || (needBack && !back)) {
      onMissing('photos');
      return;
    }
    onSubmit({
      ...(first || changesType ? { docType } : {}),
      ...(needFront && name.trim() !== '' ? { name: name.trim() } : {}),
      ...(needFront && idcardGiven ? { idcard: idcard.trim() } : {}),
      ...(front ? { front: front.id } : {}),
      ...(back ? { contrary: back.id } : {}),
    });
  };

  return (
    <Form layout="vertical" mode="card" className={styles.form}>
      {choices.length > 1 ? (
        <Form.Item label={t('kyc.docType')}>
          <Selector
            columns={2}
            value={[docType]}
            options={choices.map((value) => ({ value, label: t(`kyc.docTypes.${value}`) }))}
            onChange={([next]) => {
              if (next !== undefined) setDocType(next);
            }}
            data-testid="kyc-doc-type"
          />
        </Form.Item>
      ) : null}
      {needFront ? (
        <>
          <Form.Item label={t('realname.name')}>
            <Input
              value={name}
              onChange={setName}
              aria-label={t('realname.name')}
              autoComplete="name"
              clearable
              data-testid="kyc-name"
            />
          </Form.Item>
          <Form.Item label={doc('number')} description={doc('numberHint')}>
            <Input
              value={idcard}
              onChange={setIdcard}
              aria-label={doc('number')}
              placeholder={
                first || changesType ? doc('placeholder') : (current.idcardMasked ?? undefined)
              }
              maxLength={NUMBER_MAX[docType]}
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
            label={first ? doc('front') : t('kyc.reupload', { side: doc('front') })}
            hint={doc('frontHint')}
            value={front}
            onChange={setFront}
            upload={upload}
            testId="kyc-front"
          />
        ) : null}
        {needBack ? (
          <SidePicker
            label={first ? doc('back') : t('kyc.reupload', { side: doc('back') })}
            hint={doc('backHint')}
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
