/**
 * CPU time a server process has used (user and system, all its threads), read from /proc on
 * Linux. The bench divides it by the requests answered: once the server's core is saturated,
 * throughput is one over the CPU a request costs, so these figures say where a throughput goal's
 * budget goes (the kernel's share, the framework's, the simulator's). Elsewhere (no /proc) it
 * gives undefined and the bench prints no CPU figures.
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export interface CpuTime {
  userS: number;
  systemS: number;
}

/** What a measured stretch of load cost the server, per request answered. */
export interface CpuPerRequest {
  userUs: number;
  systemUs: number;
  /** Share of the stretch's wall time the server was on CPU (1 = its core saturated). */
  busy: number;
}

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100);

export function cpuTime(pid: number | undefined): CpuTime | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command name (which may hold spaces, so split after its closing paren):
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
    return { userS: user / ticksPerSecond, systemS: system / ticksPerSecond };
  } catch {
    return undefined;
  }
}

export function perRequest(before: CpuTime | undefined, after: CpuTime | undefined, requests: number, seconds: number): CpuPerRequest | undefined {
  if (!before || !after || !(requests > 0) || !(seconds > 0)) return undefined;
  const user = after.userS - before.userS;
  const system = after.systemS - before.systemS;
  return { userUs: (user * 1e6) / requests, systemUs: (system * 1e6) / requests, busy: (user + system) / seconds };
}

/** Where the throughput goal's CPU budget goes, in microseconds per request. */
export interface CpuBudget {
  /** What `share` x the bare server's throughput allows: the bare server's CPU over `share`. */
  allowedUs: number;
  /** What the allowance leaves beyond the framework floor (negative: the floor alone is over it). */
  leftAfterFloorUs: number;
  /** What the simulator spends beyond the same floor: its own work. */
  simulatorOwnUs: number;
}

export function cpuBudget(bare: CpuPerRequest, floor: CpuPerRequest, simulator: CpuPerRequest, share = 0.5): CpuBudget {
  const total = (c: CpuPerRequest) => c.userUs + c.systemUs;
  const allowedUs = total(bare) / share;
  return { allowedUs, leftAfterFloorUs: allowedUs - total(floor), simulatorOwnUs: total(simulator) - total(floor) };
}
