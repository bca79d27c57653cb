import fs from 'node:fs';
import os from 'node:os';

const TICK_HZ = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

interface Group {
  name: string;
  /** Whether a process (pid, its /proc cmdline with NULs as spaces) belongs to the group. */
  match: (pid: number, cmdline: string) => boolean;
}

function procTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return undefined;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export interface CpuReport {
  /** Per group, CPU used over the window as % of one core. */
  groups: Record<string, number>;
  /** The whole machine's busy time, % of one core (200 % = both cores of a 2-core machine). */
  machinePct: number;
  cores: number;
}

/**
 * Samples /proc every `everyMs` and adds up the CPU time of each group's processes over the
 * window. A process first seen after the start counts from zero (a new backend or client); a
 * process that exits loses at most its last interval. Linux only.
 */
export function startCpuSampler(groups: Group[], everyMs = 250): { stop: () => CpuReport } {
  const t0 = performance.now();
  const m0 = machineTicks();
  const first = new Map<number, { group: string; ticks: number }>();
  const last = new Map<number, number>();
  // Processes outside every group, remembered so each sample reads only the groups' /proc
  // entries: the sampler runs inside the load generator, and its own stalls would show in the
  // latencies it is measuring beside.
  // (Twice unmatched: a backend forked a moment before a sample still shows the postmaster's
  // command line.)
  const misses = new Map<number, number>();
  let initial = true;
  const sample = () => {
    let pids: string[];
    try {
      pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return;
    }
    for (const p of pids) {
      const pid = Number(p);
      if ((misses.get(pid) ?? 0) >= 2) continue;
      const known = first.get(pid);
      if (!known) {
        let cmdline: string;
        try {
          cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        } catch {
          continue;
        }
        const group = groups.find((g) => g.match(pid, cmdline));
        if (!group) {
          misses.set(pid, (misses.get(pid) ?? 0) + 1);
          continue;
        }
        const ticks = procTicks(pid);
        if (ticks === undefined) continue;
        first.set(pid, { group: group.name, ticks: initial ? ticks : 0 });
        last.set(pid, ticks);
        continue;
      }
      const ticks = procTicks(pid);
      if (ticks !== undefined) last.set(pid, ticks);
    }
    initial = false;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - t0) / 1000;
      const m1 = machineTicks();
      const out: Record<string, number> = Object.fromEntries(groups.map((g) => [g.name, 0]));
      for (const [pid, f] of first) {
        out[f.group] = (out[f.group] ?? 0) + ((last.get(pid) ?? f.ticks) - f.ticks);
      }
      const cores = os.cpus().length;
      for (const k of Object.keys(out)) out[k] = ((out[k] ?? 0) / TICK_HZ / seconds) * 100;
      return {
        groups: out,
        machinePct: ((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100 * cores,
        cores,
      };
    },
  };
}
