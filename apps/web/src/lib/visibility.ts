/** Whether the page is on screen, and news when that changes (the Page Visibility API). */
export interface PageVisibility {
  isVisible(): boolean;
  /** Calls `cb` when the page is shown or hidden; returns the way to stop. */
  onChange(cb: (visible: boolean) => void): () => void;
}

/** The document's visibility; always visible where there is no document (tests, SSR). */
export function documentVisibility(): PageVisibility {
  if (typeof document === 'undefined') {
    return { isVisible: () => true, onChange: () => () => undefined };
  }
  const visible = () => document.visibilityState !== 'hidden';
  return {
    isVisible: visible,
    onChange: (cb) => {
      const handler = () => {
        cb(visible());
      };
      document.addEventListener('visibilitychange', handler);
      return () => {
        document.removeEventListener('visibilitychange', handler);
      };
    },
  };
}
