/**
 * The user's approved real name, from real-name verification (KYC, its own module). Funding
 * asks only this: bank cards must carry the approved name, and a setting can require one to
 * withdraw.
 */
export interface IdentityPort {
  /** The approved real name, or null when none is approved. */
  approvedName(userId: bigint): Promise<string | null>;
}

/** Until KYC is wired in: nobody has an approved name (cards take any name; see docs/funding.md). */
export const noIdentity: IdentityPort = {
  approvedName: () => Promise.resolve(null),
};
