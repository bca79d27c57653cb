import { agreementAcceptedSchema, agreementPendingSchema, agreementSchema } from '@ampere/contract';
import type { Agreement, AgreementAccepted, AgreementPending, LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';

/** The agreement is written per language, so each language is its own cache entry. */
export const agreementQueryKey = (locale: LocaleKey) => ['common/userServiceAgreement', locale];

export async function fetchAgreement(api: Api): Promise<Agreement> {
  return agreementSchema.parse(await api.get('common/userServiceAgreement'));
}

/** The version in force when the signed-in user has not accepted it yet (else null). */
export async function fetchAgreementPending(api: Api): Promise<AgreementPending> {
  return agreementPendingSchema.parse(await api.get('user/agreementPending'));
}

/** Records on the server that the user accepted `version` (6530 when it is no longer current). */
export async function acceptAgreement(api: Api, version: number): Promise<AgreementAccepted> {
  return agreementAcceptedSchema.parse(
    await api.post('user/agreementAccept', { body: { version } }),
  );
}
