import { join } from 'node:path';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { WardenError, type ApprovalAnswer, type ApprovalStoreV1, type Owner, type StoredApproval, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { assertApprovalId, approvalOwner, applyAnswer, claimable, effectiveStatus, validateApprovalRequest, withEffectiveStatus } from './approval-state.js';
import { acquireFileLock } from './file-lock.js';
import { isMissing, syncDir } from './jsonl-file.js';
import { nodeJsonlIo, writeFully, type JsonlIo } from './jsonl-io.js';
import { ownerMatches } from '@warden/protocol/policy';
import { ioError, notFoundError } from './session-errors.js';

export interface JsonlApprovalStoreOptions {
  /** The directory holding one `<id>.json` per approval (the CLI uses `.warden/approvals`). */
  dir: string;
  lockTimeoutMs?: number;
  io?: JsonlIo;
}

/** Every key of {@link JsonlApprovalStoreOptions}: the compiler keeps the list equal to the interface. */
export const JSONL_APPROVAL_KEYS = { dir: true, lockTimeoutMs: true, io: true } satisfies OptionKeys<JsonlApprovalStoreOptions>;

/**
 * Durable approvals as one JSON file each, rewritten atomically (temp file, fsync, rename, directory
 * fsync) under the same per-file lock as sessions, so `claim` has exactly one winner across processes.
 */
export function jsonlApprovalStore(options: JsonlApprovalStoreOptions): ApprovalStoreV1 {
  strictOptions('jsonlApprovalStore', JSONL_APPROVAL_KEYS, options);
  const { dir } = options;
  const io = options.io ?? nodeJsonlIo;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const pathOf = (id: string): string => {
    assertApprovalId(id);
    return join(dir, `${id}.json`);
  };

  async function read(path: string): Promise<StoredApproval | undefined> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as StoredApproval;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw ioError('read an approval', error);
    }
  }

  async function write(path: string, item: StoredApproval): Promise<void> {
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    try {
      const handle = await open(temp, 'w');
      try {
        await writeFully(io, handle, Buffer.from(JSON.stringify(item)));
        await io.sync(handle);
      } finally {
        await handle.close();
      }
      await rename(temp, path);
      await syncDir(path, io);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw ioError('write an approval', error);
    }
  }

  async function locked<T>(path: string, fn: () => Promise<T>): Promise<T> {
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw ioError('create the approvals directory', error);
    }
    const release = await acquireFileLock(path, { timeoutMs: lockTimeoutMs });
    try {
      return await fn();
    } catch (error) {
      if (WardenError.isInstance(error)) throw error;
      throw ioError('update an approval', error);
    } finally {
      await release();
    }
  }

  return {
    specificationVersion: 'v1',
    async put(input) {
      const request = validateApprovalRequest(input);
      const path = pathOf(request.id);
      await locked(path, async () => {
        if (!(await read(path))) await write(path, { request, status: 'pending' });
      });
    },
    async get(id, owner?: Owner) {
      const item = await read(pathOf(id));
      if (!item || !ownerMatches(approvalOwner(item.request), owner)) return undefined;
      return withEffectiveStatus(item);
    },
    async list(query) {
      let files: string[];
      try {
        files = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw ioError('list approvals', error);
      }
      const out: StoredApproval[] = [];
      for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
        const item = await read(join(dir, file));
        if (!item || !ownerMatches(approvalOwner(item.request), query.owner)) continue;
        if (query.status && effectiveStatus(item) !== query.status) continue;
        out.push(withEffectiveStatus(item));
      }
      out.sort((a, b) => (a.request.createdAt < b.request.createdAt ? -1 : a.request.createdAt > b.request.createdAt ? 1 : 0));
      return out.slice(0, query.limit ?? out.length);
    },
    async answer(id, answer: ApprovalAnswer, owner?: Owner) {
      const path = pathOf(id);
      return locked(path, async () => {
        const item = await read(path);
        if (!item || !ownerMatches(approvalOwner(item.request), owner)) throw notFoundError(id, 'approval');
        const next = applyAnswer(item, answer);
        if (next.answer !== item.answer) await write(path, next);
        return next;
      });
    },
    async claim(id, claimer) {
      const path = pathOf(id);
      return locked(path, async () => {
        const item = await read(path);
        if (!item || !claimable(item)) return false;
        await write(path, { ...item, claimedBy: claimer });
        return true;
      });
    },
  };
}
