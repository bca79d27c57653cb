/**
 * Every PostgreSQL advisory-lock key the server takes, in one place so two uses can never share
 * a key by accident (a test checks they are distinct). Keys are part of the deployment: nodes
 * of two versions running side by side must agree on them, so a key is never reused for
 * something else.
 */
export const LOCK_KEYS = {
  /** Transaction lock that orders appends to the audit chain (modules/audit). */
  auditAppend: 7_201_001,
  // 7_201_002 elected the reconciler before the jobs runner's leader did; retired, never reused.
  /**
   * Transaction lock per user (second key: the user id mod 2^31) around funding's per-user
   * counts: the daily withdrawal count, the pending bank recharges (modules/funding).
   */
  fundingUser: 7_201_003,
  /** Session lock held by the leader of the market feed's group (publishing nodes only). */
  marketFeedLeader: 0x616d_7001,
  /** Session lock held by the leader of the background jobs every node may run. */
  jobsLeader: 0x616d_7002,
  /** Transaction lock (with the user's id as second key) over one user's uploads (quota, rate). */
  uploadsPerUser: 0x616d_7003,
} as const;

/**
 * Leader groups: jobs that must run on one node at a time share one election per group. The
 * market feed has its own group because only nodes with MARKET_FEED_PUBLISH campaign for it.
 */
export const LEADER_GROUPS = {
  jobs: LOCK_KEYS.jobsLeader,
  marketFeed: LOCK_KEYS.marketFeedLeader,
} as const;

export type LeaderGroup = keyof typeof LEADER_GROUPS;
