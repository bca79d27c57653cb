/**
 * The user's approved real name, from real-name verification (KYC, its own module). Funding
 * asks only this: bank cards must carry the approved name, and a setting can require one to
 * withdraw.
 */
export interface IdentityPort {
  /** The approved real name, or null when none is approved. */
  approvedName(userId: bigint): Promise<string | null>;
}

/** Nobody has an approved name: for tests of funding on its own (the app wires KYC's service). */
export const noIdentity: IdentityPort = {
  approvedName: () => Promise.resolve(null),
};
