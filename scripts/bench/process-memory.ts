import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of one server process and the processes it started, in MiB. */
export interface MemorySample {
  /** Resident now (VmRSS), summed over the process tree. */
  readonly rssMb: number;
  /** Highest resident size since each process started (VmHWM), summed over the tree. */
  readonly peakRssMb: number;
}

/**
 * Reads /proc (Linux). VmHWM is the kernel's own high-water mark, so a short spike between two
 * samples is not missed. Returns undefined where /proc is not available.
 */
export function sampleMemory(rootPid: number): MemorySample | undefined {
  const pids = [rootPid, ...descendants(rootPid)];
  let rssKb = 0;
  let peakKb = 0;
  let seen = 0;
  for (const pid of pids) {
    const status = readStatus(pid);
    if (!status) continue;
    seen++;
    rssKb += field(status, 'VmRSS');
    peakKb += field(status, 'VmHWM');
  }
  if (seen === 0) return undefined;
  return { rssMb: round(rssKb / 1024), peakRssMb: round(peakKb / 1024) };
}

/** Processes started by `rootPid`, at any depth (Prism, for one, may fork). */
export function descendants(rootPid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const name of entries) {
    const ppid = parentOf(Number(name));
    if (ppid === undefined) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const next = children.get(queue.shift() as number) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name in field 2 may hold spaces and parentheses: read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[1]);
  } catch {
    return undefined;
  }
}

function readStatus(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match?.[1] ? Number(match[1]) : 0;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
