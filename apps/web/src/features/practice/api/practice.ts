import { practiceAccountSchema } from '@ampere/contract';
import type { PracticeAccount } from '@ampere/contract';
import type { Api } from '@ampere/client';

/** The practice book's calls (docs/trading-rules.md, Practice). */
export const practiceKeys = {
  account: () => ['practice', 'account'] as const,
};

/** The caller's practice book; the server opens it with the starting balance on first read. */
export async function fetchPractice(api: Api, signal?: AbortSignal): Promise<PracticeAccount> {
  return practiceAccountSchema.parse(await api.get('user/practice', { signal }));
}

/** Back to the starting balance: refused while practice orders are open, once an hour. */
export async function resetPractice(api: Api, idempotencyKey: string): Promise<PracticeAccount> {
  return practiceAccountSchema.parse(
    await api.post('user/practiceReset', { body: {}, idempotencyKey }),
  );
}
