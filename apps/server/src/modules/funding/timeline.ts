import type { FundingReason, TimelineEntry, TimelineEvent } from '@ampere/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Db } from '../../db/client.js';
import { fundingEvent } from './funding.schema.js';

export type RecordKind = 'recharge' | 'withdrawal' | 'exchange';
export type EventRow = typeof fundingEvent.$inferSelect;

export interface NewEvent {
  event: TimelineEvent;
  at: Date;
  actor: string;
  reason?: FundingReason | null;
  note?: string | null;
}

/** The timelines' table: one row per state change, written in the change's transaction. */
export function createTimelineRepository(db: Db) {
  return {
    async add(kind: RecordKind, recordId: bigint, e: NewEvent): Promise<void> {
      await db.insert(fundingEvent).values({
        recordKind: kind,
        recordId,
        event: e.event,
        at: e.at,
        actor: e.actor,
        reason: e.reason ?? null,
        note: e.note ?? null,
      });
    },

    /** The events of some records, oldest first, by record. */
    async of(kind: RecordKind, ids: bigint[]): Promise<Map<bigint, EventRow[]>> {
      const out = new Map<bigint, EventRow[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .select()
        .from(fundingEvent)
        .where(and(eq(fundingEvent.recordKind, kind), inArray(fundingEvent.recordId, ids)))
        .orderBy(asc(fundingEvent.id));
      for (const row of rows) {
        const list = out.get(row.recordId) ?? [];
        list.push(row);
        out.set(row.recordId, list);
      }
      return out;
    },
  };
}

/** A timeline in the caller's language. */
export function timelineView(rows: readonly EventRow[], t: TFunction): TimelineEntry[] {
  return rows.map((r) => {
    const reason = r.reason as FundingReason | null;
    return {
      event: r.event as TimelineEvent,
      at: r.at.toISOString(),
      label: t(`funding.timeline.${r.event as TimelineEvent}`),
      reasonCode: reason,
      reason: reason === null ? null : t(`funding.reasons.${reason}`),
      note: r.note,
    };
  });
}
