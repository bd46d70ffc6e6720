import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../util/digest.js';

/** One data subject's key: `ref` is a random name the trail uses for them (it says nothing about who they are). */
export interface SubjectKey {
  ref: string;
  key: Buffer;
}

/**
 * Per-data-subject keys, one file each in a directory kept outside the trail (and outside any
 * store). A file is named by a digest of the subject, holds a random `ref` and a random 256-bit
 * key, and is created on first use. `destroy` overwrites the file and removes it: every token
 * sealed under that key becomes unreadable (crypto-shredding), and the `ref` in the trail can no
 * longer be tied to anyone. Synchronous, so the audit log can seal while it builds an entry.
 */
export interface SubjectKeyStore {
  readonly dir: string;
  /** The subject's key, created when there is none. */
  keyFor(subject: string): SubjectKey;
  /** The subject's key when it exists (undefined once destroyed). */
  find(subject: string): SubjectKey | undefined;
  /** The key whose `ref` this is, when it still exists (reads every key file: for exports, not the hot path). */
  byRef(ref: string): SubjectKey | undefined;
  /** Overwrites and removes the subject's key file; true when there was one. */
  destroy(subject: string): boolean;
}

const REF = /^[0-9a-f]{16}$/;

export function subjectKeyStore(dir: string): SubjectKeyStore {
  const fileOf = (subject: string): string => join(dir, `${sha256Hex(`warden.subject\u0000${subject}`)}.key.json`);
  const cache = new Map<string, SubjectKey>();

  function read(file: string): SubjectKey | undefined {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed = JSON.parse(text) as { ref?: unknown; key?: unknown };
    if (typeof parsed.ref !== 'string' || !REF.test(parsed.ref) || typeof parsed.key !== 'string') throw new TypeError(`${file} is not a subject key file`);
    const key = Buffer.from(parsed.key, 'base64');
    if (key.length !== 32) throw new TypeError(`${file} does not hold a 256-bit key`);
    return { ref: parsed.ref, key };
  }

  function find(subject: string): SubjectKey | undefined {
    const file = fileOf(subject);
    const cached = cache.get(file);
    if (cached) return cached;
    const found = read(file);
    if (found) cache.set(file, found);
    return found;
  }

  return {
    dir,
    find,
    keyFor(subject) {
      const existing = find(subject);
      if (existing) return existing;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const made: SubjectKey = { ref: randomBytes(8).toString('hex'), key: randomBytes(32) };
      const file = fileOf(subject);
      // `wx`: two writers racing for a new subject keep the first key, never two keys for one person.
      let fd: number;
      try {
        fd = openSync(file, 'wx', 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return find(subject) as SubjectKey;
      }
      try {
        writeSync(fd, JSON.stringify({ ref: made.ref, key: made.key.toString('base64') }));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      cache.set(file, made);
      return made;
    },
    byRef(ref) {
      if (!REF.test(ref)) return undefined;
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return undefined;
      }
      for (const name of names) {
        if (!name.endsWith('.key.json')) continue;
        const found = read(join(dir, name));
        if (found?.ref === ref) return found;
      }
      return undefined;
    },
    destroy(subject) {
      const file = fileOf(subject);
      cache.delete(file);
      let fd: number;
      try {
        fd = openSync(file, 'r+');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      try {
        // Overwrite before unlinking, so the bytes are not left in the freed blocks of a simple file system.
        const size = readFileSync(file).length;
        writeSync(fd, randomBytes(Math.max(size, 64)), 0, Math.max(size, 64), 0);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      unlinkSync(file);
      return true;
    },
  };
}
