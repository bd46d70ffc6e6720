import type { Kysely } from 'kysely';
import { newPushToken, randomId, sha256 } from '../auth/secrets.js';
import type { DashDatabase } from '../db/schema.js';
import type { DashUser } from './accounts.js';

export interface DashProject {
  id: string;
  slug: string;
  name: string;
}

export interface TokenRow {
  id: string;
  name: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
}

export function createProjectStore(db: Kysely<DashDatabase>) {
  return {
    async create(name: string, slug: string, creator: DashUser): Promise<DashProject | undefined> {
      const existing = await db.selectFrom('dash_projects').select('id').where('slug', '=', slug).executeTakeFirst();
      if (existing) return undefined;
      const project = { id: randomId(), slug, name, created_at: new Date().toISOString() };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('dash_projects').values(project).execute();
        await trx.insertInto('dash_members').values({ project_id: project.id, user_id: creator.id, created_at: project.created_at }).execute();
      });
      return { id: project.id, slug, name };
    },

    /** The projects a person may read: their memberships (an admin reads every project). */
    async visibleTo(user: DashUser): Promise<DashProject[]> {
      let query = db.selectFrom('dash_projects as p').select(['p.id', 'p.slug', 'p.name']).orderBy('p.name');
      if (!user.isAdmin) query = query.innerJoin('dash_members as m', 'm.project_id', 'p.id').where('m.user_id', '=', user.id);
      return query.execute();
    },

    /** One project, only if the person may read it: the single gate every project page goes through. */
    async forUser(slug: string, user: DashUser): Promise<DashProject | undefined> {
      let query = db.selectFrom('dash_projects as p').select(['p.id', 'p.slug', 'p.name']).where('p.slug', '=', slug);
      if (!user.isAdmin) query = query.innerJoin('dash_members as m', 'm.project_id', 'p.id').where('m.user_id', '=', user.id);
      return query.executeTakeFirst();
    },

    async members(projectId: string): Promise<string[]> {
      const rows = await db.selectFrom('dash_members as m').innerJoin('dash_users as u', 'u.id', 'm.user_id').select('u.email').where('m.project_id', '=', projectId).orderBy('u.email').execute();
      return rows.map((r) => r.email);
    },

    async addMember(projectId: string, userId: string): Promise<void> {
      const existing = await db.selectFrom('dash_members').select('user_id').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
      if (!existing) await db.insertInto('dash_members').values({ project_id: projectId, user_id: userId, created_at: new Date().toISOString() }).execute();
    },

    /** Returns the token once; only its SHA-256 and a short hint are stored. */
    async createToken(projectId: string, name: string, creator: DashUser): Promise<{ id: string; token: string }> {
      const token = newPushToken();
      const id = randomId();
      await db
        .insertInto('dash_tokens')
        .values({ id, project_id: projectId, name, token_hash: sha256(token), hint: `${token.slice(0, 10)}…`, created_by: creator.id, created_at: new Date().toISOString(), revoked_at: null, last_used_at: null })
        .execute();
      return { id, token };
    },

    async tokens(projectId: string): Promise<TokenRow[]> {
      const rows = await db.selectFrom('dash_tokens').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, hint: r.hint, createdAt: r.created_at, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at }));
    },

    /** Revokes a token of this project (a token id of another project changes nothing). */
    async revokeToken(projectId: string, tokenId: string): Promise<boolean> {
      const result = await db.updateTable('dash_tokens').set({ revoked_at: new Date().toISOString() }).where('id', '=', tokenId).where('project_id', '=', projectId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The live token's project, or undefined for an unknown or revoked token. */
    async projectOfToken(token: string): Promise<{ tokenId: string; project: DashProject } | undefined> {
      const row = await db
        .selectFrom('dash_tokens as t')
        .innerJoin('dash_projects as p', 'p.id', 't.project_id')
        .select(['t.id as tokenId', 'p.id', 'p.slug', 'p.name'])
        .where('t.token_hash', '=', sha256(token))
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.updateTable('dash_tokens').set({ last_used_at: new Date().toISOString() }).where('id', '=', row.tokenId).execute();
      return { tokenId: row.tokenId, project: { id: row.id, slug: row.slug, name: row.name } };
    },
  };
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
