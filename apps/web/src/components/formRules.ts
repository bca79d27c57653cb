import type { FormItemProps } from 'antd-mobile';

type Rule = NonNullable<FormItemProps['rules']>[number];

/** A repeated field must equal the first (SPEC §5: "The two passwords are inconsistent"). */
export function sameAs(field: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      value === undefined || value === '' || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
}

/** A positive decimal with at most `decimals` places, typed as text (money is never a float). */
export function amountRules(
  decimals: number,
  messages: { missing: string; invalid: string },
): Rule[] {
  const pattern = new RegExp(`^(0|[1-9]\\d*)(\\.\\d{1,${decimals}})?$`);
  return [
    { required: true, whitespace: true, message: messages.missing },
    {
      validator: (_, value: unknown) =>
        typeof value !== 'string' || value === '' || (pattern.test(value) && /[1-9]/.test(value))
          ? Promise.resolve()
          : Promise.reject(new Error(messages.invalid)),
    },
  ];
}

/**
 * A typed value must pass `test` (e.g. a contract schema's rule), so the form says what is wrong
 * before the server has to. Empty values are left to the `required` rule and its own message.
 */
export function passes(test: (value: string) => boolean, message: string): Rule {
  return {
    validator: (_, value: unknown) =>
      typeof value !== 'string' || value === '' || test(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** A normalizer for PIN-like fields: keeps ASCII digits only, at most `maxLength` of them. */
export function digitsOnly(maxLength: number): (value: unknown) => string {
  return (value) => (typeof value === 'string' ? value.replace(/\D/g, '').slice(0, maxLength) : '');
}
