import { join } from 'node:path';
import { afterAll } from 'vitest';
import { jsonlApprovalStore } from '../src/jsonl-approval-store.js';
import { sqliteApprovalStore } from '../src/sqlite-approval-store.js';
import { mysqlApprovalStore } from '../src/mysql-approval-store.js';
import { postgresApprovalStore } from '../src/postgres-approval-store.js';
import { redisApprovalStore } from '../src/redis-approval-store.js';
import { approvalStoreContract } from '../src/testing.js';
import { tempDir } from './helpers/temp-dir.js';
import { dropPrefixed, PG_URL, uniquePrefix } from './pg-helpers.js';
import { dropKeys, REDIS_URL, uniqueKeyPrefix } from './redis-helpers.js';
import { dropMysqlPrefixed, MYSQL_URL, uniqueMysqlPrefix } from './mysql-helpers.js';

const tmp = tempDir('approvals');
const tablePrefix = uniquePrefix('approvals');
const keyPrefix = uniqueKeyPrefix('approvals');
const mysqlPrefix = uniqueMysqlPrefix('approvals');
afterAll(async () => {
  tmp.cleanup();
  await dropPrefixed(tablePrefix);
  await dropKeys(keyPrefix);
  await dropMysqlPrefixed(mysqlPrefix);
});

approvalStoreContract(() => jsonlApprovalStore({ dir: join(tmp.dir, 'approvals') }), { name: 'jsonl' });
approvalStoreContract(() => sqliteApprovalStore({ path: join(tmp.dir, 'approvals.db') }), { name: 'sqlite' });
approvalStoreContract(() => postgresApprovalStore({ connectionString: PG_URL, tablePrefix }), { name: 'postgres' });
approvalStoreContract(() => mysqlApprovalStore({ connectionString: MYSQL_URL, tablePrefix: mysqlPrefix }), { name: 'mariadb' });
approvalStoreContract(() => redisApprovalStore({ url: REDIS_URL, keyPrefix }), { name: 'redis' });
