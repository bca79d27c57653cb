import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffCreated } from '../api/staff';

interface Props {
  created: StaffCreated | undefined;
  onClose: () => void;
}

/**
 * A member's one-time password, shown this once (the server keeps only its hash). The dialog
 * closes only on purpose, so it is not lost to a stray click beside it.
 */
export function OneTimePasswordModal({ created, onClose }: Props) {
  const { t } = useTranslation();
  const name = created?.staff.username ?? '';
  return (
    <Modal
      open={created !== undefined}
      title={t('staff.otpTitle', { name })}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('staff.otpDone')}
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={16}>
          <Typography.Text>{t('staff.otpBody', { name })}</Typography.Text>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('staff.otpLabel')}</Typography.Text>
            <Typography.Text
              code
              data-testid="one-time-password"
              style={{ fontSize: 20 }}
              copyable={{
                text: created.oneTimePassword,
                tooltips: [t('common.copy'), t('common.copied')],
              }}
            >
              {created.oneTimePassword}
            </Typography.Text>
          </Flex>
          <Alert type="warning" showIcon message={t('staff.otpWarning')} />
        </Flex>
      )}
    </Modal>
  );
}
