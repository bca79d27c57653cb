import type { FastifyInstance } from 'fastify';

/** ISO 7064 MOD 11-2: a valid PRC ID number from its first 17 digits. Tests only. */
export function prcId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (weights[i] ?? 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** A different valid number for each `n` (born 1990-01-01 + n days, within one month). */
export const idNumber = (n: number) =>
  prcId(`110105199001${String(1 + (n % 28)).padStart(2, '0')}${String(100 + n).slice(-3)}`);

export function realname(app: FastifyInstance, token: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/user/realnameAuth',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

export async function realnameStatus(app: FastifyInstance, token: string) {
  const res = await app.inject({
    url: '/api/v1/user/getRealnameAuth',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json<{
    code: number;
    data: {
      status: string;
      name: string | null;
      docType: string | null;
      docTypes: string[];
      idcardMasked: string | null;
      front: { status: string; reason: string | null; url: string } | null;
      back: { status: string; reason: string | null; url: string } | null;
      note: string | null;
    };
  }>().data;
}
