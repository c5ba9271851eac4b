import { and, asc, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  inspections,
  reportSealChainHead,
  reportSeals,
  reportSigningKeys,
  sites,
  templates,
  users,
} from '../../db/schema.js';
import { GENESIS_HASH } from './seal-record.js';

export type SealRow = typeof reportSeals.$inferSelect;
export type SigningKeyRow = typeof reportSigningKeys.$inferSelect;

const liveColumns = {
  id: inspections.id,
  assignmentId: inspections.assignmentId,
  siteId: inspections.siteId,
  inspectorId: inspections.inspectorId,
  templateId: inspections.templateId,
  templateVersion: inspections.templateVersion,
  result: inspections.result,
  failedItems: inspections.failedItems,
  totalItems: inspections.totalItems,
  unitCount: inspections.unitCount,
  answers: inspections.answers,
  results: inspections.results,
  remarks: inspections.remarks,
  completedAt: inspections.completedAt,
};

/** Seals, the chain head and the signing key. Takes the database or a transaction. */
export class VerificationRepository {
  constructor(private readonly db: Executor) {}

  async signingKey(): Promise<SigningKeyRow | null> {
    const [row] = await this.db.select().from(reportSigningKeys).where(eq(reportSigningKeys.id, 1));
    return row ?? null;
  }

  /** Stores the key unless another process stored one first; answers true when this one won. */
  async insertSigningKey(publicKeyPem: string, privateKeyPem: string): Promise<boolean> {
    const rows = await this.db
      .insert(reportSigningKeys)
      .values({ id: 1, publicKeyPem, privateKeyPem })
      .onConflictDoNothing()
      .returning({ id: reportSigningKeys.id });
    return rows.length > 0;
  }

  /** Locks the chain head (made on first use) until the transaction ends. */
  async lockHead(): Promise<{ lastSequence: number; lastHash: string }> {
    await this.db
      .insert(reportSealChainHead)
      .values({ id: 1, lastSequence: 0, lastHash: GENESIS_HASH })
      .onConflictDoNothing();
    const [head] = await this.db
      .select({ lastSequence: reportSealChainHead.lastSequence, lastHash: reportSealChainHead.lastHash })
      .from(reportSealChainHead)
      .where(eq(reportSealChainHead.id, 1))
      .for('update');
    return head!;
  }

  async moveHead(lastSequence: number, lastHash: string): Promise<void> {
    await this.db
      .update(reportSealChainHead)
      .set({ lastSequence, lastHash })
      .where(eq(reportSealChainHead.id, 1));
  }

  async insertSeal(row: typeof reportSeals.$inferInsert): Promise<void> {
    await this.db.insert(reportSeals).values(row);
  }

  /** The inspection as it is now, with its inspector's current name. */
  async liveInspection(id: number) {
    const [row] = await this.db
      .select(
        withFields(liveColumns, {
          status: inspections.status,
          inspectorName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        }),
      )
      .from(inspections)
      .innerJoin(users, eq(users.id, inspections.inspectorId))
      .where(eq(inspections.id, id));
    return row ?? null;
  }

  async sealOfInspection(inspectionId: number): Promise<SealRow | null> {
    const [row] = await this.db.select().from(reportSeals).where(eq(reportSeals.inspectionId, inspectionId));
    return row ?? null;
  }

  async sealById(id: string): Promise<SealRow | null> {
    const [row] = await this.db.select().from(reportSeals).where(eq(reportSeals.id, id));
    return row ?? null;
  }

  async sealByHash(hash: string): Promise<SealRow | null> {
    const [row] = await this.db.select().from(reportSeals).where(eq(reportSeals.hash, hash));
    return row ?? null;
  }

  async hashAt(sequence: number): Promise<string | null> {
    const [row] = await this.db
      .select({ hash: reportSeals.hash })
      .from(reportSeals)
      .where(eq(reportSeals.sequence, sequence));
    return row?.hash ?? null;
  }

  /** Site and template names the public summary shows beside the sealed record. */
  async reportNames(inspectionId: number) {
    const [row] = await this.db
      .select({ siteName: sites.name, siteCode: sites.siteCode, templateName: templates.name })
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .innerJoin(templates, eq(templates.id, inspections.templateId))
      .where(eq(inspections.id, inspectionId));
    return row ?? null;
  }

  /** The chain head without locking it (zero seals before the first). */
  async head(): Promise<{ lastSequence: number; lastHash: string }> {
    const [head] = await this.db
      .select({ lastSequence: reportSealChainHead.lastSequence, lastHash: reportSealChainHead.lastHash })
      .from(reportSealChainHead)
      .where(eq(reportSealChainHead.id, 1));
    return head ?? { lastSequence: 0, lastHash: GENESIS_HASH };
  }

  /** One keyset batch of the chain with each seal's inspection as it is now (null if gone). */
  async chainBatch(afterSequence: number, upToSequence: number, limit: number) {
    return this.db
      .select({ seal: reportSeals, live: liveColumns })
      .from(reportSeals)
      .leftJoin(inspections, eq(inspections.id, reportSeals.inspectionId))
      .where(and(gt(reportSeals.sequence, afterSequence), lte(reportSeals.sequence, upToSequence)))
      .orderBy(asc(reportSeals.sequence))
      .limit(limit);
  }

  /** Completed inspections without a seal, oldest completion first. */
  async unsealedCompleted(limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: inspections.id })
      .from(inspections)
      .leftJoin(reportSeals, eq(reportSeals.inspectionId, inspections.id))
      .where(and(eq(inspections.status, 'completed'), isNull(reportSeals.id)))
      .orderBy(asc(inspections.completedAt), asc(inspections.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async countUnsealedCompleted(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(inspections)
      .leftJoin(reportSeals, eq(reportSeals.inspectionId, inspections.id))
      .where(and(eq(inspections.status, 'completed'), isNull(reportSeals.id)));
    return Number(row?.n ?? 0);
  }
}
