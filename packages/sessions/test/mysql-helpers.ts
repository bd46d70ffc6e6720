import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

export const MYSQL_URL = process.env.WARDEN_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** A table prefix unique to this test run, so parallel runs never share tables. */
export function uniqueMysqlPrefix(tag: string): string {
  return `t${randomBytes(4).toString('hex')}_${tag}_`;
}

/** Drops every table whose name starts with `prefix` (children first: the foreign keys point at sessions). */
export async function dropMysqlPrefixed(prefix: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: MYSQL_URL });
  try {
    const [rows] = await connection.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE ?', [`${prefix}%`]);
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of rows as Array<{ name: string }>) await connection.query(`DROP TABLE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}
