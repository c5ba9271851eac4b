import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type {
  ChainVerification,
  PdfVerification,
  PublicKeyResponse,
  SealVerification,
  SubmitDevice,
} from '@inspecta/contract';
import { sealHashSchema } from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { FileStorage } from '../../core/files/file-storage.js';
import { fileNameFromUrl } from '../../core/files/file-urls.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import {
  buildSealRecord,
  canonicalJson,
  fileNamesIn,
  GENESIS_HASH,
  inspectionPart,
  type SealedInspection,
  type SealRecord,
  sealHash,
  sha256Hex,
  signatureValid,
  signHash,
} from './seal-record.js';
import { type SealRow, VerificationRepository } from './verification.repository.js';

interface SigningKey {
  publicKey: KeyObject;
  privateKey: KeyObject;
  publicKeyPem: string;
  createdAt: Date;
}

/** Seals checked per keyset batch of the chain check. */
const CHAIN_BATCH = 1000;
/** Inspections sealed per transaction by the start-up job. */
const BACKLOG_BATCH = 200;

export const PROBLEMS = {
  hash: 'The seal does not match its own hash: the stored seal was changed',
  signature: 'The signature does not verify with the published key',
  inspection: 'The inspection in the database no longer matches what was sealed',
  missing: 'The sealed inspection no longer exists',
  files: 'A photo or signature file no longer matches what was sealed',
  link: 'The link to the previous seal is broken',
} as const;

/** How the report PDF prints the seal (inspection-report.ts): "Seal ID: <32 hex>", "SHA-256: <64 hex>". */
const sealIdPattern = /Seal\s*(?:id|ID)?:?\s*([a-f0-9]{32})/;
const hashPattern = /SHA-256:?\s*([a-f0-9]{64})/;

/**
 * Seals completed inspections (in the submit's transaction), keeps the chain and the signing key,
 * and answers the checks: one seal (public), the whole chain (administrators).
 */
export class VerificationService {
  private key: SigningKey | null = null;
  private readonly repo: VerificationRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {
    this.repo = new VerificationRepository(db);
  }

  /** Loads the signing key, making and storing it on the first start (one winner across processes). */
  async signingKey(executor: Executor = this.db): Promise<SigningKey> {
    if (this.key) return this.key;
    const repo = new VerificationRepository(executor);
    let row = await repo.signingKey();
    if (!row) {
      const pair = generateKeyPairSync('ed25519');
      const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      if (await repo.insertSigningKey(publicKeyPem, privateKeyPem))
        await recordAudit(executor, {
          actorId: null,
          action: 'verification.key_created',
          entityType: 'report_signing_key',
          entityId: 1,
          after: { algorithm: 'Ed25519', publicKeyPem },
        });
      row = await repo.signingKey();
    }
    this.key = {
      publicKey: createPublicKey(row!.publicKeyPem),
      privateKey: createPrivateKey(row!.privateKeyPem),
      publicKeyPem: row!.publicKeyPem,
      createdAt: row!.createdAt,
    };
    return this.key;
  }

  async publicKey(): Promise<PublicKeyResponse> {
    const key = await this.signingKey();
    return {
      algorithm: 'Ed25519',
      publicKeyPem: key.publicKeyPem,
      fingerprint: sha256Hex(key.publicKey.export({ type: 'spki', format: 'der' })),
      createdAt: key.createdAt.toISOString(),
    };
  }

  private async fileHashes(answers: unknown): Promise<{ hashes: Record<string, string>; missing: boolean }> {
    const hashes: Record<string, string> = {};
    let missing = false;
    for (const name of fileNamesIn(answers, fileNameFromUrl)) {
      const data = await this.storage.read(name);
      if (data) hashes[name] = sha256Hex(data);
      else missing = true;
    }
    return { hashes, missing };
  }

  /**
   * Seals a completed inspection inside the caller's transaction: the record is built from the rows
   * the transaction sees, then the chain head is locked (concurrent seals queue here), and the seal
   * takes the next sequence and links to the head's hash. A missing file is sealed as absent.
   */
  async seal(
    tx: Executor,
    inspectionId: number,
    options: { device?: SubmitDevice | null; sealedLater?: boolean } = {},
  ): Promise<{ id: string; sequence: number; hash: string }> {
    const key = await this.signingKey(tx);
    const repo = new VerificationRepository(tx);
    const live = await repo.liveInspection(inspectionId);
    if (live?.status !== 'completed') throw new Error(`inspection ${inspectionId} is not completed`);
    const { hashes } = await this.fileHashes(live.answers);
    const record = canonicalJson(
      buildSealRecord({
        inspection: live,
        inspectorName: live.inspectorName,
        files: hashes,
        device: options.device ?? null,
      }),
    );
    const head = await repo.lockHead();
    const envelope = {
      id: randomBytes(16).toString('hex'),
      sequence: head.lastSequence + 1,
      previousHash: head.lastHash,
      sealedAt: this.clock.now(),
      sealedLater: options.sealedLater ?? false,
      record,
    };
    const hash = sealHash(envelope);
    await repo.insertSeal(
      withFields(envelope, { inspectionId, hash, signature: signHash(hash, key.privateKey) }),
    );
    await repo.moveHead(envelope.sequence, hash);
    return { id: envelope.id, sequence: envelope.sequence, hash };
  }

  /**
   * Seals completed inspections that have none (finished before sealing existed, or by another
   * path), oldest completion first, marked "sealed later". Batches of 200 per transaction; the head
   * is locked before the batch is chosen, so two processes never seal one inspection twice.
   */
  async sealBacklog(stopped: () => boolean = () => false): Promise<number> {
    let sealed = 0;
    while (!stopped()) {
      const n = await this.db.transaction(async (tx) => {
        const repo = new VerificationRepository(tx);
        await repo.lockHead();
        const ids = await repo.unsealedCompleted(BACKLOG_BATCH);
        for (const id of ids) await this.seal(tx, id, { sealedLater: true });
        return ids.length;
      });
      sealed += n;
      if (n < BACKLOG_BATCH) break;
    }
    if (sealed) this.log.info({ sealed }, 'sealed completed inspections that had no seal');
    return sealed;
  }

  /** The seal of an inspection for its PDF, or null when it has none yet. */
  async sealOf(inspectionId: number): Promise<{ id: string; hash: string; sealedAt: Date } | null> {
    const seal = await this.repo.sealOfInspection(inspectionId);
    return seal ? { id: seal.id, hash: seal.hash, sealedAt: seal.sealedAt } : null;
  }

  /** Problems of one seal against its own hash, the signature and the live inspection. */
  private checkSeal(
    seal: SealRow,
    live: SealedInspection | null,
    key: KeyObject,
    files?: Record<string, string>,
  ): string[] {
    const problems: string[] = [];
    if (sealHash(seal) !== seal.hash) problems.push(PROBLEMS.hash);
    if (!signatureValid(seal.hash, seal.signature, key)) problems.push(PROBLEMS.signature);
    let stored: SealRecord | null = null;
    try {
      stored = JSON.parse(seal.record) as SealRecord;
    } catch {
      problems.push(PROBLEMS.hash);
    }
    if (!live) problems.push(PROBLEMS.missing);
    else if (stored) {
      const now = withFields(stored, {
        inspection: inspectionPart(live),
        inspector: withFields(stored.inspector, { id: live.inspectorId }),
      });
      if (canonicalJson(now) !== canonicalJson(stored)) problems.push(PROBLEMS.inspection);
      else if (files && canonicalJson(files) !== canonicalJson(stored.files)) problems.push(PROBLEMS.files);
    }
    return [...new Set(problems)];
  }

  private async verifySeal(seal: SealRow | null): Promise<SealVerification> {
    if (!seal) throw AppError.notFound('Seal');
    const key = await this.signingKey();
    const live = await this.repo.liveInspection(seal.inspectionId);
    const files = live ? (await this.fileHashes(live.answers)).hashes : undefined;
    const problems = this.checkSeal(seal, live, key.publicKey, files);
    const previous = seal.sequence === 1 ? GENESIS_HASH : await this.repo.hashAt(seal.sequence - 1);
    if (previous !== seal.previousHash) problems.push(PROBLEMS.link);
    const names = await this.repo.reportNames(seal.inspectionId);
    let record: SealRecord | null = null;
    try {
      record = JSON.parse(seal.record) as SealRecord;
    } catch {
      record = null;
    }
    const sealed = record?.inspection;
    return {
      sealId: seal.id,
      valid: problems.length === 0,
      problems,
      hash: seal.hash,
      sealedAt: seal.sealedAt.toISOString(),
      sealedLater: seal.sealedLater,
      sealedBy: record?.inspector.name ?? '',
      report: {
        inspectionNumber: seal.inspectionId,
        siteName: names?.siteName ?? 'Removed site',
        siteCode: names?.siteCode ?? '',
        templateName: names?.templateName ?? '',
        templateVersion: sealed?.templateVersion ?? 0,
        result: sealed?.result === 'fail' ? 'fail' : 'pass',
        failedItems: sealed?.failedItems ?? 0,
        totalItems: sealed?.totalItems ?? 0,
        unitCount: sealed?.unitCount ?? 0,
        completedAt: sealed?.submittedAt ?? seal.sealedAt.toISOString(),
      },
    };
  }

  verifyById(id: string): Promise<SealVerification> {
    return this.repo.sealById(id).then((seal) => this.verifySeal(seal));
  }

  verifyByHash(hash: string): Promise<SealVerification> {
    return this.repo.sealByHash(hash).then((seal) => this.verifySeal(seal));
  }

  /** Reads the seal id and hash printed in a report PDF and checks that seal. */
  async verifyPdf(pdf: Buffer): Promise<PdfVerification> {
    let text: string;
    // pdf.js is large: loaded on the first upload, not at start (docs/performance.md).
    const { PDFParse } = await import('pdf-parse');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      text = (await parser.getText()).text;
    } catch {
      throw AppError.validation(
        [{ field: 'file', message: 'This file is not a readable PDF' }],
        'This file is not a readable PDF',
      );
    } finally {
      await parser.destroy().catch(() => {});
    }
    const id = sealIdPattern.exec(text)?.[1];
    const printed = hashPattern.exec(text)?.[1];
    if (!id) {
      const message = 'This PDF carries no Inspecta seal id';
      throw AppError.validation([{ field: 'file', message }], message);
    }
    const result = await this.verifyById(id);
    const printedHashMatches =
      printed !== undefined && sealHashSchema.safeParse(printed).success && printed === result.hash;
    return withFields(result, {
      printedHashMatches,
      valid: result.valid && printedHashMatches,
      problems: printedHashMatches
        ? result.problems
        : [...result.problems, 'The hash printed in the PDF is not the seal’s hash'],
    });
  }

  /**
   * Checks the whole chain in sequence order, in keyset batches (constant memory at any length):
   * sequences without gaps, each link, each hash, each signature and each record against the live
   * inspection. Stops at the first break and says where and why.
   */
  async verifyChain(): Promise<ChainVerification> {
    const started = Date.now();
    const key = (await this.signingKey()).publicKey;
    // The head as the check starts: seals committed meanwhile are left for the next check.
    const head = await this.repo.head();
    let expected = 1;
    let previousHash = GENESIS_HASH;
    let checked = 0;
    let firstBreak: ChainVerification['firstBreak'] = null;
    outer: for (;;) {
      const batch = await this.repo.chainBatch(expected - 1, head.lastSequence, CHAIN_BATCH);
      for (const { seal, live } of batch) {
        const at = { sequence: expected, sealId: seal.id, inspectionId: seal.inspectionId };
        if (seal.sequence !== expected) {
          firstBreak = withFields(at, {
            sealId: null,
            inspectionId: null,
            problem: `Seal ${expected} is missing (the next is ${seal.sequence})`,
          });
          break outer;
        }
        const problems = this.checkSeal(seal, live, key);
        if (seal.previousHash !== previousHash) problems.unshift(PROBLEMS.link);
        if (problems.length) {
          firstBreak = withFields(at, { problem: problems.join('; ') });
          break outer;
        }
        checked++;
        expected++;
        previousHash = seal.hash;
      }
      if (batch.length < CHAIN_BATCH) break;
    }
    if (!firstBreak && head.lastSequence !== checked)
      firstBreak = {
        sequence: checked + 1,
        sealId: null,
        inspectionId: null,
        problem: `The chain head says ${head.lastSequence} seals, ${checked} were found`,
      };
    return {
      valid: firstBreak === null,
      checked,
      lastSequence: head.lastSequence,
      unsealedCompleted: await this.repo.countUnsealedCompleted(),
      firstBreak,
      elapsedMs: Date.now() - started,
    };
  }
}
