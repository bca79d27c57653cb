import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { AuditActor } from '../audit/audit.service.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';

/** The member acting: their id and name (kept on the record) and their audit identity. */
export interface Member {
  id: bigint;
  username: string;
  audit: AuditActor;
}

export function memberOf(staff: StaffService, req: FastifyRequest): Member {
  const { member } = staffOf(req);
  return {
    id: member.id,
    username: member.username,
    audit: staff.actor(member, requestContext(req)),
  };
}

/** The Idempotency-Key header of a money-moving POST (its shape checked by `runIdempotent`). */
export function keyOf(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return key;
}
