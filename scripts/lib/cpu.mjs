// CPU time per process group on Linux, read from /proc (benchmarks, issue 9): where the machine's
// two cores went during a run, so a result says "the server spent N us of CPU per order" beside
// the rate. Best effort: a process that starts or exits during the run is counted from what is seen.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

function readProcs() {
  const out = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      // fields after comm: state(0) ppid(1) ... utime(11) stime(12)
      out.set(Number(name), { comm, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone
    }
  }
  return out;
}

function machineTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return {
    busy: cpu.reduce((a, b) => a + b, 0) - cpu[3] - (cpu[4] ?? 0),
    all: cpu.reduce((a, b) => a + b, 0),
  };
}

/** Starts counting; `stop(units)` gives CPU microseconds per unit for each group and the machine. */
export function cpuMeter(selfPid = process.pid) {
  const before = readProcs();
  const m0 = machineTicks();
  return {
    stop(units) {
      const after = readProcs();
      const m1 = machineTicks();
      const isChild = (pid, procs) => {
        for (let p = procs.get(pid)?.ppid, n = 0; p && n < 20; p = procs.get(p)?.ppid, n++)
          if (p === selfPid) return true;
        return false;
      };
      const groups = {};
      for (const [pid, a] of after) {
        const b = before.get(pid)?.ticks ?? 0;
        const d = a.ticks - b;
        if (d <= 0) continue;
        let g;
        if (pid === selfPid) g = 'load generator';
        else if (a.comm === 'postgres') g = 'postgresql';
        else if (a.comm.startsWith('nats-server')) g = 'nats-server';
        else if (isChild(pid, after)) g = 'server';
        else g = 'other';
        groups[g] = (groups[g] ?? 0) + d;
      }
      const per = {};
      for (const [g, t] of Object.entries(groups)) per[g] = Math.round((t * TICK_US) / units);
      const busy = m1.busy - m0.busy;
      per.machine = Math.round((busy * TICK_US) / units);
      per.idlePct = Math.round((100 * (m1.all - m0.all - busy)) / Math.max(1, m1.all - m0.all));
      return per;
    },
  };
}

export const cpuLine = (per) =>
  `  CPU us per order: ${Object.entries(per)
    .filter(([k]) => k !== 'idlePct')
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; machine idle ${per.idlePct} %`;
