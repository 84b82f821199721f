import type { Db } from '../db/client.ts';

/*
 * A hot statement of fixed shape, built once and then executed with its parameters (`sql.placeholder`):
 * no query building on the request's path, and on PostgreSQL a named statement that each connection
 * parses and plans once. What building yields (the SQL, its parameters, the mapping of the rows) belongs
 * to the engine, not to the handle, so it is built once per engine and run on the connection of the
 * handle it is asked for: the pool's, or a transaction's. Only for statements whose shape never depends
 * on the request (a data rule's condition does: those statements are built as before).
 */

// drizzle's session and prepared query both hold the engine's client: the pool, a pooled connection, PGlite or its transaction
type Connected = { client: unknown };
const sessionOf = (db: Db): Connected => (db as unknown as { session: Connected }).session;

export function preparedOnce<Statement extends object>(build: (db: Db) => Statement): (db: Db) => Statement {
  const byEngine = new WeakMap<object, Statement>();
  return (db) => {
    const session = sessionOf(db);
    let statement = byEngine.get(session.constructor);
    if (statement === undefined) {
      statement = build(db);
      byEngine.set(session.constructor, statement);
    }
    if ((statement as unknown as Connected).client === session.client) return statement;
    // the statement as built, sent through this handle's connection
    return Object.create(statement, { client: { value: session.client } }) as Statement;
  };
}
