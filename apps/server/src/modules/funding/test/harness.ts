import { randomBytes } from 'node:crypto';
import type { AuditActor } from '../../audit/audit.service.js';
import type { TestApp } from '../../../test/harness.js';
import { createSealedBox } from '../../../crypto/sealed.js';
import type { ChainPort } from '../chain-port.js';
import { createFundingService } from '../funding.service.js';
import type { IdentityPort } from '../identity-port.js';
import { noIdentity } from '../identity-port.js';
import type { Member } from '../staff-member.js';

/**
 * Funding's service over a test app's database and services, with the ports a test chooses (a
 * chain double, an identity with an approved name): the same code the server runs.
 */
export function fundingWith(
  t: TestApp,
  ports: { chain: ChainPort; identity?: IdentityPort; now: () => Date },
) {
  const s = t.app.services;
  return createFundingService({
    db: t.database.db,
    bus: t.app.platform.bus,
    now: ports.now,
    ledger: s.ledger,
    notifications: s.notifications,
    levels: s.levels,
    audit: s.audit,
    auth: s.auth,
    settings: s.settings,
    box: createSealedBox({ key: randomBytes(32).toString('base64'), dataDir: t.dataDir }),
    chain: ports.chain,
    identity: ports.identity ?? noIdentity,
    uploads: s.uploads,
  });
}

/** A finance member made as the CLI makes one (no sign-in needed for service calls). */
export async function financeMember(t: TestApp, username: string): Promise<Member> {
  const made = await t.app.services.staff.createFromCli({ actor: 'ops:test' }, username, 'finance');
  const audit: AuditActor = { actor: `staff:${username}`, staffId: made.staff.id, role: 'finance' };
  return { id: BigInt(made.staff.id), username, audit };
}
