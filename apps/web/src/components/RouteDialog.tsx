import { CenterPopup, Popup } from 'antd-mobile';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useGoBack } from '@/hooks/useAppNavigate';
import styles from './RouteDialog.module.css';

interface Props {
  title: string;
  placement?: 'bottom' | 'center';
  /** A function child receives `close`, for dialogs that close themselves after a choice. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * The frame of a dialog page (SPEC §2): it opens over the page beneath, and closing it is going
 * back. It plays its closing animation first and navigates once that has finished.
 */
export function RouteDialog({ title, placement = 'bottom', children }: Props) {
  const goBack = useGoBack();
  const [visible, setVisible] = useState(true);
  const close = () => {
    setVisible(false);
  };
  const content = (
    <div className={styles.dialog} role="dialog" aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {/* Focusable, so a keyboard can scroll a long list (issue #20). */}
      <div className={styles.body} tabIndex={0}>
        {typeof children === 'function' ? children(close) : children}
      </div>
    </div>
  );
  const popupProps = {
    visible,
    onMaskClick: close,
    onClose: close,
    afterClose: goBack,
    showCloseButton: true,
  };
  return placement === 'center' ? (
    <CenterPopup {...popupProps}>{content}</CenterPopup>
  ) : (
    <Popup {...popupProps} bodyClassName={styles.sheet}>
      {content}
    </Popup>
  );
}
