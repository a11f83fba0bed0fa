// CPU time from Linux's /proc, for the benches' CPU-per-call columns: unlike latencies, CPU time
// per call hardly depends on how busy the machine is. Elsewhere the readers answer null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The command name, the CPU time (user + system) in ms of a /proc/<pid>/stat text, and that of its
 * ended children it has waited for.
 */
function parseStat(stat) {
  // The command name is in parentheses and may hold spaces: utime and stime are the 12th and 13th
  // fields after it, cutime and cstime the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS,
    endedChildrenCpuMs: ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS,
  };
}

/** CPU time (user + system) a process has used so far, in ms; null when it cannot be read. */
export function readProcessCpuMs(pid) {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).cpuMs;
  } catch {
    return null;
  }
}

/**
 * CPU time of every process of this machine whose command starts with `command`, so far, in ms,
 * when `serviceUrl` names this machine; null otherwise (or when none runs). The ended ones' time
 * is counted too, in the process that waited for them, so the total never drops when one ends
 * between two readings (a PostgreSQL connection closing).
 */
export function readLocalServiceCpuMs(serviceUrl, command) {
  if (!serviceUrl || !['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(serviceUrl).hostname)) return null;
  let total = 0;
  let found = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (!stat.command.startsWith(command)) continue;
      total += stat.cpuMs + stat.endedChildrenCpuMs;
      found = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return found ? total : null;
}

/** CPU time of every PostgreSQL process of this machine (the backends, the WAL writer, the checkpointer). */
export const readLocalPostgresCpuMs = (databaseUrl) => readLocalServiceCpuMs(databaseUrl, 'postgres');

/** The machine's CPU time so far, in ticks: busy (everything but idle and I/O wait) and total. */
export function readMachineCpuTicks() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0);
  return { busy: total - ticks[3] - ticks[4], total };
}
