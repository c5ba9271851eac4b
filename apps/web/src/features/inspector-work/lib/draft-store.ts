import { answerValueSchema } from '@inspecta/contract';
import { z } from 'zod';

/**
 * The answers of one assignment kept on this device, written on every change, so a reload, a
 * closed tab or a lost connection loses nothing. Keyed by inspector and assignment, so two
 * inspectors sharing a phone never see each other's work.
 */
const draftSchema = z.object({
  version: z.literal(1),
  /** Unit key (equipment id, or "site") → item key → answer. */
  answers: z.record(z.string(), z.record(z.string(), answerValueSchema)),
  remarks: z.string(),
  /** This device's clock at the last edit. */
  updatedAt: z.string(),
  /** True while the server has not confirmed the latest edit. */
  dirty: z.boolean(),
});
export type InspectionDraft = z.infer<typeof draftSchema>;

const PREFIX = 'inspectorDraft';

export function draftKey(userId: number, assignmentId: number): string {
  return `${PREFIX}:${userId}:${assignmentId}`;
}

// Storage can be full or disabled; the server copy (saved a moment later) is then the only one.
export function readDraft(userId: number, assignmentId: number): InspectionDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId, assignmentId));
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** False when the device refused to store it (full or disabled storage). */
export function writeDraft(userId: number, assignmentId: number, draft: InspectionDraft): boolean {
  try {
    window.localStorage.setItem(draftKey(userId, assignmentId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(userId: number, assignmentId: number): void {
  try {
    window.localStorage.removeItem(draftKey(userId, assignmentId));
  } catch {
    // nothing to remove
  }
}

function draftKeysOf(userId: number): string[] {
  try {
    const prefix = `${PREFIX}:${userId}:`;
    return Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) ?? false,
    );
  } catch {
    return [];
  }
}

/** Assignments with edits on this device that the server has not confirmed yet. */
export function unsyncedDraftCount(userId: number): number {
  return draftKeysOf(userId).filter((key) => {
    const id = Number(key.split(':')[2]);
    return readDraft(userId, id)?.dirty === true;
  }).length;
}

/** Signing out leaves nothing of this inspector's answers on the device. */
export function removeAllDrafts(userId: number): void {
  for (const key of draftKeysOf(userId)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  }
}

/**
 * Which copy to continue from: this device's when it is newer than the server's last save (or the
 * server has none yet); otherwise the server's (answers given on another device since).
 */
export function pickDraft(local: InspectionDraft | null, serverSavedAt: string | null): 'local' | 'server' {
  if (!local) return 'server';
  if (!serverSavedAt) return 'local';
  return Date.parse(local.updatedAt) > Date.parse(serverSavedAt) ? 'local' : 'server';
}
