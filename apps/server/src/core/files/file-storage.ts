import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Stored file names: 128 random bits in hex and an extension, nothing a client chose. */
export const STORED_FILE_NAME = /^[a-f0-9]{32}\.(webp)$/;

export function generateFileName(extension: 'webp'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/**
 * Where uploaded files live. The server names every file itself (`generateFileName`), so a name is
 * never a path a client can steer. The local-disk implementation is the only one today; an object
 * store can implement the same four calls.
 */
export interface FileStorage {
  save(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  /** Removes a file; a missing file is not an error. */
  remove(name: string): Promise<void>;
}

function assertStoredName(name: string): void {
  if (!STORED_FILE_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
}

/** Files in one folder on the local disk (DATA_DIR/uploads). Writes are atomic (temp + rename). */
export class LocalDiskFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async save(name: string, data: Buffer): Promise<void> {
    assertStoredName(name);
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target);
  }

  async read(name: string): Promise<Buffer | null> {
    if (!STORED_FILE_NAME.test(name)) return null;
    try {
      return await readFile(path.join(this.dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_FILE_NAME.test(name)) return;
    await rm(path.join(this.dir, name), { force: true });
  }
}

/** Files kept in memory: tests and the benchmarks, which must not write to the disk. */
export class MemoryFileStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();

  async save(name: string, data: Buffer): Promise<void> {
    assertStoredName(name);
    this.files.set(name, data);
  }

  async read(name: string): Promise<Buffer | null> {
    return this.files.get(name) ?? null;
  }

  async remove(name: string): Promise<void> {
    this.files.delete(name);
  }
}
