// The bench's CPU-per-request figures (bench/cpu.ts): read from /proc, so only where it exists.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuBudget, cpuTime, perRequest } from '../bench/cpu.ts';

describe('bench CPU per request', () => {
  it.runIf(existsSync('/proc/self/stat'))('reads the CPU a process has spent, growing while it works', () => {
    const before = cpuTime(process.pid);
    expect(before).toBeDefined();
    const spent = () => {
      const now = cpuTime(process.pid)!;
      return now.userS + now.systemS - (before!.userS + before!.systemS);
    };
    // Spins until 80 ms of CPU show (clock ticks are 10 ms), within 5 s of wall time: on a busy
    // machine a fixed 120 ms of wall time once got only 70 ms of CPU, so the wall time is no bound.
    const until = Date.now() + 5_000;
    let spin = 0;
    while (spent() < 0.08 && Date.now() < until) for (let i = 0; i < 100_000; i++) spin += Math.sqrt(spin + 1);
    expect(spin).toBeGreaterThan(0);
    expect(spent()).toBeGreaterThanOrEqual(0.08);
  });

  it('gives nothing for a process that does not exist or was not named', () => {
    expect(cpuTime(undefined)).toBeUndefined();
    expect(cpuTime(2 ** 30)).toBeUndefined();
  });

  it('divides the CPU spent by the requests answered, and the busy share by the wall time', () => {
    const cpu = perRequest({ userS: 1, systemS: 0.5 }, { userS: 4, systemS: 2 }, 100_000, 5);
    expect(cpu).toEqual({ userUs: 30, systemUs: 15, busy: 0.9 });
    expect(perRequest(undefined, { userS: 1, systemS: 1 }, 10, 1)).toBeUndefined();
    expect(perRequest({ userS: 1, systemS: 1 }, { userS: 2, systemS: 2 }, 0, 1)).toBeUndefined();
  });

  it('splits the 0.5 x budget into what the framework floor leaves and what the simulator adds', () => {
    const at = (userUs: number, systemUs: number) => ({ userUs, systemUs, busy: 1 });
    // Bare 19 us allows 38; a floor of 31 leaves 7; a simulator of 86 does 55 beyond the floor.
    expect(cpuBudget(at(11, 8), at(19, 12), at(62, 24))).toEqual({ allowedUs: 38, leftAfterFloorUs: 7, simulatorOwnUs: 55 });
    // A floor above the allowance leaves a negative share: no app on that framework fits.
    expect(cpuBudget(at(11, 8), at(30, 18), at(59, 23)).leftAfterFloorUs).toBe(-10);
    // Other shares: 0.25 x bare's throughput allows four times its CPU.
    expect(cpuBudget(at(10, 10), at(20, 10), at(40, 10), 0.25).allowedUs).toBe(80);
  });
});
