import { randomBytes } from 'node:crypto';
import { access, constants, open, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/*
 * The statements a server sends for one request, read from PostgreSQL's own log: the server process is
 * started with PGOPTIONS "-c log_statement=all -c application_name=<tag>", so its sessions (and no other
 * session of the shared cluster) log every statement they execute, and the lines are told apart by the
 * backend pid of the sessions carrying the tag. It needs the local cluster of scripts/pg.sh: a superuser
 * role (log_statement is a superuser setting), the log in a file this process can read, and the default
 * log_line_prefix ("%m [%p] ").
 */

export type StatementLog = {
  file: string;
  /** the application_name of the logging sessions */
  tag: string;
  /** the environment of a server process whose statements are to be logged */
  env: Record<string, string>;
  admin: pg.Client;
  close: () => Promise<void>;
};

/** The cluster's log and a tag, or why statements cannot be captured here. */
export async function openStatementLog(databaseUrl: string): Promise<StatementLog | string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ superuser: boolean; directory: string; prefix: string; file: string | null }>(
      "select (select rolsuper from pg_roles where rolname = current_user) as superuser, current_setting('data_directory') as directory, current_setting('log_line_prefix') as prefix, pg_current_logfile() as file",
    );
    const settings = rows[0];
    if (!settings?.superuser) throw new Error('the role is not a superuser (log_statement cannot be set on a session)');
    if (settings.prefix !== '%m [%p] ') throw new Error(`log_line_prefix is "${settings.prefix}", not the default "%m [%p] "`);
    // scripts/pg.sh starts the cluster with pg_ctl -l <data directory>/server.log; a logging collector names its own file
    const file = settings.file ? path.resolve(settings.directory, settings.file) : path.join(settings.directory, 'server.log');
    await access(file, constants.R_OK).catch(() => {
      throw new Error(`the cluster's log ${file} is not readable here`);
    });
    const tag = `bench-statements-${randomBytes(4).toString('hex')}`;
    return { file, tag, env: { PGOPTIONS: `-c log_statement=all -c application_name=${tag}` }, admin, close: () => admin.end() };
  } catch (error) {
    await admin.end();
    return error instanceof Error ? error.message : String(error);
  }
}

/** A statement as the log gives it, in one line (drizzle writes its statements in one line already). */
export const normalizeStatement = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The statements of the log text by the sessions `pids`, in the order logged (parameters are logged apart, as DETAIL). */
export function statementsIn(logText: string, pids: ReadonlySet<number>): string[] {
  const entries: { pid: number; level: string; text: string }[] = [];
  for (const line of logText.split('\n')) {
    const head = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] ([A-Z]+): {2}(.*)$/.exec(line);
    if (head) entries.push({ pid: Number(head[1]), level: head[2] ?? '', text: head[3] ?? '' });
    else if (entries.length > 0) {
      const last = entries[entries.length - 1];
      if (last) last.text += `\n${line}`;
    }
  }
  const statements: string[] = [];
  for (const entry of entries) {
    if (entry.level !== 'LOG' || !pids.has(entry.pid)) continue;
    const statement = /^(?:execute [^:]*|statement): ([\s\S]*)$/.exec(entry.text);
    if (statement?.[1] !== undefined) statements.push(normalizeStatement(statement[1]));
  }
  return statements;
}

async function readFrom(file: string, offset: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= offset) return '';
    const buffer = Buffer.alloc(size - offset);
    await handle.read(buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** The statements the tagged sessions logged while `send` ran. */
export async function statementsDuring(log: StatementLog, send: () => Promise<void>): Promise<string[]> {
  const offset = (await stat(log.file)).size;
  await send();
  // the backend writes its line before it executes: a moment for the file to have it all
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { rows } = await log.admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [log.tag]);
  return statementsIn(await readFrom(log.file, offset), new Set(rows.map((row) => row.pid)));
}

export type CapturedStatements = {
  /** the statements of the quietest request after the first: the steady state */
  statements: string[];
  /** how many each request sent, the first (cold caches) included */
  counts: number[];
};

/**
 * One request `repeats` times: the first fills the server's caches; of the others, the one with the fewest
 * statements is the steady state (a timer of the server, a usage flush or a sweep, may add its own statements
 * to a request's window, never take any away).
 */
export async function captureSteadyStatements(log: StatementLog, send: () => Promise<void>, repeats = 4): Promise<CapturedStatements> {
  const runs: string[][] = [];
  for (let index = 0; index < repeats; index++) runs.push(await statementsDuring(log, send));
  const steady = runs.slice(1).reduce((fewest, run) => (run.length < fewest.length ? run : fewest), runs[runs.length - 1] ?? []);
  return { statements: steady, counts: runs.map((run) => run.length) };
}

/** What one side sends and the other does not (a multiset difference: statements sent at once log in any order). */
export function statementDifference(portal: readonly string[], twin: readonly string[]): { portalOnly: string[]; twinOnly: string[] } {
  const remaining = [...twin];
  const portalOnly: string[] = [];
  for (const statement of portal) {
    const index = remaining.indexOf(statement);
    if (index === -1) portalOnly.push(statement);
    else remaining.splice(index, 1);
  }
  return { portalOnly, twinOnly: remaining };
}
