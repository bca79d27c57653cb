import { Alert, Button, Flex, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The secret to show, or undefined while the dialog is closed. */
  secret: string | undefined;
  title: ReactNode;
  body: ReactNode;
  /** A caption above the secret. */
  label?: ReactNode;
  warning: ReactNode;
  doneText: ReactNode;
  testId: string;
  onClose: () => void;
}

/**
 * A secret the server keeps only as a hash (a one-time or temporary password), shown this once
 * with a copy button. The dialog closes only on purpose, so it is not lost to a stray click.
 */
export function SecretOnceModal(props: Props) {
  const { t } = useTranslation();
  const { secret } = props;
  return (
    <Modal
      open={secret !== undefined}
      title={props.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={props.onClose}>
          {props.doneText}
        </Button>
      }
    >
      {secret !== undefined && (
        <Flex vertical gap={16}>
          <Typography.Text>{props.body}</Typography.Text>
          <Flex vertical gap={4}>
            {props.label !== undefined && (
              <Typography.Text type="secondary">{props.label}</Typography.Text>
            )}
            <Typography.Text
              code
              data-testid={props.testId}
              style={{ fontSize: 20 }}
              copyable={{ text: secret, tooltips: [t('common.copy'), t('common.copied')] }}
            >
              {secret}
            </Typography.Text>
          </Flex>
          <Alert type="warning" showIcon message={props.warning} />
        </Flex>
      )}
    </Modal>
  );
}
