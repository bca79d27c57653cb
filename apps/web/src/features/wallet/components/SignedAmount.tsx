import { signedAmount } from '../amount';
import styles from './SignedAmount.module.css';

interface Props {
  /** Signed decimal string off the wire, e.g. "-12.50". */
  value: string;
  /** Shown after the number, e.g. "CNY". */
  unit?: string;
  /** Sign only, in the text colour: a secondary figure beside a coloured headline. */
  plain?: boolean;
}

/** A balance change: "+" and the theme's up colour for money in, "-" and down for money out. */
export function SignedAmount({ value, unit, plain = false }: Props) {
  const { text, tone } = signedAmount(value);
  return (
    <span className={plain ? undefined : `${styles.amount} ${styles[tone]}`} data-tone={tone}>
      {unit === undefined ? text : `${text} ${unit}`}
    </span>
  );
}
