import { Button, Form, ImageUploader, Input } from 'antd-mobile';
import type { ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '../api/account';
import type { RealnameSubmission } from '../api/account';
import styles from './RealnameForm.module.css';

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

interface Props {
  /** Uploads one photo and yields its address; rejects with a message the user should see. */
  upload: (file: File) => Promise<string>;
  submitting: boolean;
  onSubmit: (values: RealnameSubmission) => void;
}

interface Values {
  name: string;
  idcard: string;
  front: ImageUploadItem[];
  contrary: ImageUploadItem[];
}

/** Name, ID number and both sides of the ID (SPEC §3, §5). */
export function RealnameForm({ upload, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const uploadItem = async (file: File): Promise<ImageUploadItem> => ({ url: await upload(file) });
  const photoRule = {
    validator: (_: unknown, value: ImageUploadItem[] | undefined) =>
      value?.length === 1 ? Promise.resolve() : Promise.reject(new Error(t('validation.idPhotos'))),
  };
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={({ name, idcard, front, contrary }: Values) => {
        const [frontPhoto] = front;
        const [contraryPhoto] = contrary;
        if (!frontPhoto || !contraryPhoto) return; // The photo rules above make this unreachable.
        onSubmit({ name, idcard, front: frontPhoto.url, contrary: contraryPhoto.url });
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('common.submit')}
        </Button>
      }
    >
      <Form.Item
        name="name"
        label={t('realname.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.realname') }]}
      >
        <Input autoComplete="name" clearable />
      </Form.Item>
      <Form.Item
        name="idcard"
        label={t('realname.idNumber')}
        rules={[{ required: true, whitespace: true, message: t('validation.realname') }]}
      >
        <Input clearable />
      </Form.Item>
      <div className={styles.photos}>
        <Form.Item
          name="front"
          label={t('realname.front')}
          required
          rules={[photoRule]}
          initialValue={[]}
        >
          <ImageUploader upload={uploadItem} maxCount={1} accept={ACCEPT} />
        </Form.Item>
        <Form.Item
          name="contrary"
          label={t('realname.back')}
          required
          rules={[photoRule]}
          initialValue={[]}
        >
          <ImageUploader upload={uploadItem} maxCount={1} accept={ACCEPT} />
        </Form.Item>
      </div>
    </Form>
  );
}
