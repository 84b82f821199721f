import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU used during one run, in % of one core (a process) or of the whole machine (system). */
export type CpuUsage = {
  /** the loaded server process */
  serverPercent: number | null;
  /** CPU seconds the server used during the run (for the cost of one request) */
  serverCpuSeconds: number | null;
  /** all processes named postgres (the shared cluster, so other users of it count too) */
  postgresPercent: number | null;
  /** this process: the load generator */
  benchPercent: number;
  /** every core busy = 100 */
  systemPercent: number;
};

/** USER_HZ: 100 on every Linux this runs on */
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, or null when /proc does not have it */
function processCpuSeconds(pid: number): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { name: stat.slice(open + 1, close), seconds: ticks / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function postgresCpuSeconds(): Map<number, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const seconds = new Map<number, number>();
  for (const entry of pids) {
    const pid = Number(entry);
    const stat = processCpuSeconds(pid);
    if (stat?.name === 'postgres') seconds.set(pid, stat.seconds);
  }
  return seconds;
}

function systemTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Starts measuring; the function it answers stops and reports. */
export function startCpuSample(serverPid: number): () => CpuUsage {
  const startedAt = process.hrtime.bigint();
  const server = processCpuSeconds(serverPid);
  const postgres = postgresCpuSeconds();
  const bench = process.cpuUsage();
  const system = systemTimes();

  return () => {
    const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    const serverNow = processCpuSeconds(serverPid);
    const postgresNow = postgresCpuSeconds();
    const benchUsed = process.cpuUsage(bench);
    const systemNow = systemTimes();

    let postgresPercent: number | null = null;
    if (postgres && postgresNow) {
      let seconds = 0;
      for (const [pid, now] of postgresNow) seconds += now - (postgres.get(pid) ?? 0);
      postgresPercent = round((seconds / wallSeconds) * 100);
    }
    const systemTotal = systemNow.total - system.total;
    return {
      serverPercent: server && serverNow ? round(((serverNow.seconds - server.seconds) / wallSeconds) * 100) : null,
      serverCpuSeconds: server && serverNow ? round((serverNow.seconds - server.seconds) * 100) / 100 : null,
      postgresPercent,
      benchPercent: round(((benchUsed.user + benchUsed.system) / 1e6 / wallSeconds) * 100),
      systemPercent: systemTotal > 0 ? round(((systemNow.busy - system.busy) / systemTotal) * 100) : 0,
    };
  };
}

export type MachineLoad = {
  /** every core busy = 100 */
  machinePercent: number;
  /** what processes other than this one and the given ones used, in % of one core */
  othersPercent: number;
};

/** How busy the machine is over the next ms milliseconds, and how much of it is not ours (pids and this process). */
export async function measureMachineLoad(ms: number, ownPids: number[]): Promise<MachineLoad> {
  const startedAt = process.hrtime.bigint();
  const system = systemTimes();
  const bench = process.cpuUsage();
  const own = ownPids.map((pid) => processCpuSeconds(pid)?.seconds ?? 0);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const systemNow = systemTimes();
  const benchUsed = process.cpuUsage(bench);
  const ownSeconds = ownPids.reduce((sum, pid, index) => sum + (processCpuSeconds(pid)?.seconds ?? 0) - (own[index] ?? 0), 0) + (benchUsed.user + benchUsed.system) / 1e6;
  const total = systemNow.total - system.total;
  const machinePercent = total > 0 ? ((systemNow.busy - system.busy) / total) * 100 : 0;
  return { machinePercent: round(machinePercent), othersPercent: othersPercent(machinePercent, (ownSeconds / wallSeconds) * 100) };
}

/** machine-wide busy % minus our processes' share, as % of one core (never below 0) */
export function othersPercent(machinePercent: number, ownCorePercent: number): number {
  return round(Math.max(0, machinePercent * os.cpus().length - ownCorePercent));
}
