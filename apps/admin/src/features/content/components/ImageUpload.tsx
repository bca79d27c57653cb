import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { uploadImage } from '../api/content';

interface Props {
  purpose: 'banner' | 'avatar' | 'qr' | 'notice';
  /** The current image's address, if any. */
  url: string | null;
  onChange: (image: { id: string; url: string } | null) => void;
  size?: number;
}

/** Picks an image and uploads it; the server re-encodes it and answers its public address. */
export function ImageUpload({ purpose, url, onChange, size = 96 }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Flex gap={12} align="center">
      {url && (
        <img
          src={url}
          alt=""
          style={{ width: size, height: size, objectFit: 'contain', borderRadius: 8 }}
        />
      )}
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        customRequest={({ file }) => {
          setBusy(true);
          uploadImage(file as Blob, purpose)
            .then((image) => {
              onChange({ id: image.id, url: image.url });
            })
            .catch((error: unknown) => {
              void message.error(errorText(error, t));
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {url ? t('content.image.replace') : t('content.image.upload')}
        </Button>
      </Upload>
      {url && (
        <Button
          type="link"
          danger
          onClick={() => {
            onChange(null);
          }}
        >
          {t('content.image.remove')}
        </Button>
      )}
    </Flex>
  );
}
