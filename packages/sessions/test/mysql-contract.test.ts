import { afterAll, describe, expect, it } from 'vitest';
import { mysqlSessionStore } from '../src/mysql-store.js';
import { openSessionStore, parseStoreTarget } from '../src/open-store.js';
import { sessionStoreContract } from '../src/testing.js';
import { dropMysqlPrefixed, MYSQL_URL, uniqueMysqlPrefix } from './mysql-helpers.js';

// A real MariaDB (10.11 on this machine kind), as the other SQL stores run against real servers.
const tablePrefix = uniqueMysqlPrefix('contract');
afterAll(() => dropMysqlPrefixed(tablePrefix));

sessionStoreContract(() => mysqlSessionStore({ connectionString: MYSQL_URL, tablePrefix }), { name: 'mariadb' });

describe('mysql:// and mariadb:// locations', () => {
  it('open the MySQL/MariaDB store, and a mariadb:// URL reaches the same tables', async () => {
    expect(parseStoreTarget('mariadb://root@127.0.0.1:3306/test')).toEqual({ kind: 'mysql', url: 'mariadb://root@127.0.0.1:3306/test' });
    const one = await openSessionStore(MYSQL_URL, { tablePrefix });
    const two = await openSessionStore(MYSQL_URL.replace(/^mysql:/, 'mariadb:'), { tablePrefix });
    try {
      const { id } = await one.create({ title: 'across schemes' });
      const loaded = await two.load(id);
      expect(loaded.records[0]).toMatchObject({ type: 'header', title: 'across schemes' });
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a server that is not there fails with session.io naming what failed, never the password', async () => {
    const store = mysqlSessionStore({ connectionString: 'mysql://root:hunter2-secret@127.0.0.1:1/test', tablePrefix });
    try {
      const error = (await store.list().catch((e: unknown) => e)) as { code?: string; message?: string };
      expect(error.code).toBe('session.io');
      expect(error.message).toContain('MySQL/MariaDB schema');
      expect(JSON.stringify(error)).not.toContain('hunter2');
    } finally {
      await store.close();
    }
  });
});
