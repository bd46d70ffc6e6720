import type { Kysely } from 'kysely';
import { randomId, randomSecret, sha256 } from '../auth/secrets.js';
import type { DashDatabase } from '../db/schema.js';

/** What a person may do in the console: read (viewer), also answer approvals (approver), everything (admin). */
export type DashRole = 'viewer' | 'approver' | 'admin';

export interface DashUser {
  id: string;
  email: string;
  isAdmin: boolean;
  role: DashRole;
}

function roleOf(isAdmin: number, role: string | null): DashRole {
  if (isAdmin === 1) return 'admin';
  return role === 'approver' ? 'approver' : 'viewer';
}

/** True when the person's role is at least `needed`. */
export function mayAct(user: DashUser, needed: DashRole): boolean {
  const rank: Record<DashRole, number> = { viewer: 0, approver: 1, admin: 2 };
  return rank[user.role] >= rank[needed];
}

export interface WebSession {
  user: DashUser;
  csrf: string;
}

/** Sessions last 12 hours from sign-in; signing out deletes the row at once. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountStore(db: Kysely<DashDatabase>) {
  return {
    async userCount(): Promise<number> {
      const row = await db.selectFrom('dash_users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Creates the first admin, once: the transaction claims the single `dash_setup` row, so
     * of two setups racing at first run one wins and the other gets undefined.
     */
    async createFirstAdmin(email: string, passwordHash: string): Promise<DashUser | undefined> {
      const user = { id: randomId(), email: normalizeEmail(email), password_hash: passwordHash, is_admin: 1, role: 'admin', created_at: new Date().toISOString() };
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('dash_setup').values({ id: 1, done_at: user.created_at }).execute();
          await trx.insertInto('dash_users').values(user).execute();
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
        throw error;
      }
      return { id: user.id, email: user.email, isAdmin: true, role: 'admin' };
    },

    async createUser(email: string, passwordHash: string, role: DashRole): Promise<DashUser | undefined> {
      const normalized = normalizeEmail(email);
      const existing = await db.selectFrom('dash_users').select('id').where('email', '=', normalized).executeTakeFirst();
      if (existing) return undefined;
      const user = { id: randomId(), email: normalized, password_hash: passwordHash, is_admin: role === 'admin' ? 1 : 0, role, created_at: new Date().toISOString() };
      await db.insertInto('dash_users').values(user).execute();
      return { id: user.id, email: user.email, isAdmin: role === 'admin', role };
    },

    async listUsers(): Promise<DashUser[]> {
      const rows = await db.selectFrom('dash_users').select(['id', 'email', 'is_admin', 'role']).orderBy('email').execute();
      return rows.map((r) => ({ id: r.id, email: r.email, isAdmin: r.is_admin === 1, role: roleOf(r.is_admin, r.role) }));
    },

    async findByEmail(email: string): Promise<(DashUser & { passwordHash: string }) | undefined> {
      const row = await db.selectFrom('dash_users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row && { id: row.id, email: row.email, isAdmin: row.is_admin === 1, role: roleOf(row.is_admin, row.role), passwordHash: row.password_hash };
    },

    /** Returns the cookie value; only its hash is stored. */
    async startSession(userId: string, now = Date.now()): Promise<string> {
      const cookie = randomSecret();
      await db
        .insertInto('dash_web_sessions')
        .values({ id_hash: sha256(cookie), user_id: userId, csrf: randomSecret(), created_at: new Date(now).toISOString(), expires_at: new Date(now + SESSION_TTL_MS).toISOString() })
        .execute();
      await db.deleteFrom('dash_web_sessions').where('expires_at', '<', new Date(now).toISOString()).execute();
      return cookie;
    },

    async session(cookie: string, now = Date.now()): Promise<WebSession | undefined> {
      const row = await db
        .selectFrom('dash_web_sessions as s')
        .innerJoin('dash_users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.email', 'u.is_admin', 'u.role', 's.csrf', 's.expires_at'])
        .where('s.id_hash', '=', sha256(cookie))
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date(now).toISOString()) return undefined;
      return { user: { id: row.id, email: row.email, isAdmin: row.is_admin === 1, role: roleOf(row.is_admin, row.role) }, csrf: row.csrf };
    },

    async endSession(cookie: string): Promise<void> {
      await db.deleteFrom('dash_web_sessions').where('id_hash', '=', sha256(cookie)).execute();
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
