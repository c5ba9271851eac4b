import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import type { SubmitDevice } from '@inspecta/contract';

/**
 * The pure part of sealing (docs/verification.md): the canonical JSON, the record of an inspection,
 * the chained hash and the Ed25519 signature. No database, no clock: the service feeds them.
 */

/** The hash before the first seal. */
export const GENESIS_HASH = '0'.repeat(64);
const SEAL_FORMAT = 'inspecta-seal-v1';

/**
 * Canonical JSON: object keys sorted by UTF-16 code units at every level, no whitespace, numbers
 * and strings as JSON.stringify writes them, `undefined` members left out. The same value always
 * gives the same text, whatever order its keys were built or stored in (jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
      throw new Error('not JSON');
    return JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What an inspection row holds that the seal covers (read live from the database). */
export interface SealedInspection {
  id: number;
  assignmentId: number;
  siteId: number;
  inspectorId: number;
  templateId: number;
  templateVersion: number;
  result: string | null;
  failedItems: number;
  totalItems: number;
  unitCount: number;
  answers: unknown;
  results: unknown;
  remarks: string | null;
  completedAt: Date | null;
}

/** The record a seal covers: what was recorded at submit. */
export interface SealRecord {
  version: 1;
  inspection: ReturnType<typeof inspectionPart>;
  inspector: { id: number; name: string };
  /** SHA-256 of each photo and signature file the answers name, by stored file name. */
  files: Record<string, string>;
  device: SubmitDevice | null;
}

/** The inspection's part of the record, from its live row. */
export function inspectionPart(row: SealedInspection) {
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    siteId: row.siteId,
    templateId: row.templateId,
    templateVersion: row.templateVersion,
    result: row.result,
    failedItems: row.failedItems,
    totalItems: row.totalItems,
    unitCount: row.unitCount,
    submittedAt: row.completedAt ? row.completedAt.toISOString() : null,
    answers: row.answers ?? null,
    results: row.results ?? null,
    remarks: row.remarks,
  };
}

export function buildSealRecord(input: {
  inspection: SealedInspection;
  inspectorName: string;
  files: Record<string, string>;
  device: SubmitDevice | null;
}): SealRecord {
  return {
    version: 1,
    inspection: inspectionPart(input.inspection),
    inspector: { id: input.inspection.inspectorId, name: input.inspectorName },
    files: input.files,
    device: input.device,
  };
}

/** Every string in the answers that `nameOf` reads as a stored file name (photos, signatures). */
export function fileNamesIn(answers: unknown, nameOf: (url: string) => string | null): string[] {
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      const name = nameOf(v);
      if (name) names.add(name);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(answers);
  return [...names].sort();
}

/** The fields of a seal its hash covers, besides the record. */
export interface SealEnvelope {
  id: string;
  sequence: number;
  previousHash: string;
  sealedAt: Date;
  sealedLater: boolean;
  /** The canonical JSON of the record, as stored. */
  record: string;
}

/**
 * The text that is hashed: six header lines and the canonical record. Plain lines so anyone can
 * rebuild it with printf and sha256sum (docs/verification.md).
 */
export function sealedText(seal: SealEnvelope): string {
  return [
    SEAL_FORMAT,
    String(seal.sequence),
    seal.previousHash,
    seal.id,
    seal.sealedAt.toISOString(),
    seal.sealedLater ? '1' : '0',
    seal.record,
  ].join('\n');
}

export const sealHash = (seal: SealEnvelope) => sha256Hex(sealedText(seal));

/** Ed25519 over the 32 bytes of the hash, base64. */
export const signHash = (hash: string, privateKey: KeyObject) =>
  sign(null, Buffer.from(hash, 'hex'), privateKey).toString('base64');

export function signatureValid(hash: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(hash, 'hex'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
