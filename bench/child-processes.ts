import { spawn, type ChildProcess } from 'node:child_process';

export type ManagedChild = {
  name: string;
  child: ChildProcess;
  pid: number;
  /** the last lines the child wrote (stdout and stderr), for error messages */
  tail: () => string;
  /** resolves with the exit code (or the signal's name) once the child has exited */
  exited: Promise<number | string>;
  isRunning: () => boolean;
};

export type StartChildOptions = {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** open an IPC channel (a child can watch for 'disconnect' to exit with its parent) */
  ipc?: boolean;
  /** echo this line of the child's output to our stderr (its tail is kept either way) */
  echo?: (line: string, stream: 'stdout' | 'stderr') => boolean;
};

const TAIL_LINES = 60;
const children = new Set<ManagedChild>();

/** Starts a child process that stopChildren()/killChildrenSync() will end. */
export function startChild(options: StartChildOptions): ManagedChild {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${options.name}: ${options.command} ${options.args.join(' ')}`);

  const lines: string[] = [];
  const collect = (stream: 'stdout' | 'stderr') => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > TAIL_LINES) lines.shift();
        if (options.echo?.(line, stream)) process.stderr.write(`[${options.name}] ${line}\n`);
      }
    };
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));

  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      children.delete(managed);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  child.once('error', (error) => {
    lines.push(`spawn error: ${error.message}`);
  });

  const managed: ManagedChild = {
    name: options.name,
    child,
    pid: child.pid,
    tail: () => lines.join('\n'),
    exited,
    isRunning: () => running,
  };
  children.add(managed);
  return managed;
}

/** SIGTERM, then SIGKILL after graceMs if it is still there. */
export async function stopChild(managed: ManagedChild, graceMs = 3000): Promise<void> {
  if (!managed.isRunning()) return;
  managed.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
  if ((await Promise.race([managed.exited, timeout])) === 'timeout' && managed.isRunning()) {
    managed.child.kill('SIGKILL');
    await Promise.race([managed.exited, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}

/** Stops every child still running. */
export async function stopChildren(): Promise<void> {
  await Promise.all([...children].map((managed) => stopChild(managed)));
}

/** For process.on('exit'): no awaiting is possible there, so SIGKILL whatever is left. */
export function killChildrenSync(): void {
  for (const managed of children) {
    if (managed.isRunning()) managed.child.kill('SIGKILL');
  }
}
