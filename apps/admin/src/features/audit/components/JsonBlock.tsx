import { theme } from 'antd';

/** A value as indented JSON, in a block that follows the theme. */
export function JsonBlock({ value }: { value: unknown }) {
  const { token } = theme.useToken();
  return (
    <pre
      style={{
        margin: 0,
        padding: 12,
        maxHeight: 360,
        overflow: 'auto',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
