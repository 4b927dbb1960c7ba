import { readFileSync } from 'node:fs';
import { descendants } from './process-memory';

/** Clock ticks per second of /proc/PID/stat times (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a server process and its children have used so far, in ms, from
 * /proc (Linux). Undefined where /proc is not available. The difference over a load run,
 * divided by the requests served, is the work per request: a figure the machine's other load
 * disturbs far less than requests per second.
 */
export function cpuTimeMs(rootPid: number): number | undefined {
  let ticks = 0;
  let seen = 0;
  for (const pid of [rootPid, ...descendants(rootPid)]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(rest[11]) + Number(rest[12]);
      seen++;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return seen === 0 ? undefined : (ticks * 1000) / TICKS_PER_SECOND;
}
