import { agreementSchema } from '@ampere/contract';
import type { Agreement, LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';

/** The agreement is written per language, so each language is its own cache entry. */
export const agreementQueryKey = (locale: LocaleKey) => ['common/userServiceAgreement', locale];

export async function fetchAgreement(api: Api): Promise<Agreement> {
  return agreementSchema.parse(await api.get('common/userServiceAgreement'));
}
