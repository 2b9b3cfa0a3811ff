// Preload for the built server under a benchmark (`NODE_OPTIONS=--require <absolute path>`; --cpu-prof
// is not allowed in NODE_OPTIONS and scripts/lib/built-server.mjs spawns node itself). In the
// process running apps/server/dist/main.js, with PROFILE_DIR set: a CPU profile of the main thread
// (1 ms samples) and, on Linux, each thread's CPU ticks once a second, written at exit as
// PROFILE_DIR/server-<pid>.cpuprofile and .threads.json. Read them with profile-top.mjs.
const { isMainThread } = require('node:worker_threads');

const dir = process.env.PROFILE_DIR;
if (dir && isMainThread && /apps[/\\]server[/\\]dist[/\\]main\.js$/.test(process.argv[1] ?? '')) {
  const fs = require('node:fs');
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  const threads = [];
  const sample = () => {
    const ticks = {};
    try {
      for (const tid of fs.readdirSync('/proc/self/task')) {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks[tid] = Number(f[11]) + Number(f[12]); // utime + stime, clock ticks
      }
    } catch {
      return; // not Linux, or a thread ended while read
    }
    threads.push({ t: Date.now(), ticks });
  };
  setInterval(sample, 1000).unref();
  process.on('exit', () => {
    sample();
    // Same-thread inspector sessions answer synchronously, so this writes before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.writeFileSync(`${dir}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
      fs.writeFileSync(
        `${dir}/server-${process.pid}.threads.json`,
        JSON.stringify({ pid: process.pid, threads }),
      );
    });
  });
}
