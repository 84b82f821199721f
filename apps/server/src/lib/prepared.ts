import type { Db } from '../db/client.ts';

/*
 * A hot statement of fixed shape, built once per database handle and then executed with its parameters
 * (`sql.placeholder`): no query building on the request's path, and on PostgreSQL a named statement that
 * each connection parses and plans once. Only for the pool's handle (a transaction's handle lives for one
 * transaction), and only for statements whose shape never depends on the request (a data rule's condition
 * does: those statements are built as before).
 */
export function preparedOnce<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const byDb = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
