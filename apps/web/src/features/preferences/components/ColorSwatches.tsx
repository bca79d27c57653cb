import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './ColorSwatches.module.css';

interface Props {
  colors: readonly string[];
  /** The colour in use, for the check mark. */
  value: string;
  onSelect: (color: string) => void;
}

export function ColorSwatches({ colors, value, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <ul className={styles.swatches}>
      {colors.map((color) => {
        const selected = color.toLowerCase() === value.toLowerCase();
        return (
          <li key={color}>
            <button
              type="button"
              className={styles.swatch}
              style={{ background: color }}
              aria-label={t('theme.swatch', { color })}
              aria-pressed={selected}
              onClick={() => {
                onSelect(color);
              }}
            >
              {selected && <CheckOutline />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
