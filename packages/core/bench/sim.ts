// `npm run sim`: the seeded market simulation of the perpetuals core at full size (see
// simulation.ts). Prints the summary as JSON and exits non-zero if any invariant broke.
// Options: --seed=N --commands=N --users=N --check-every=N --liquidation-fee-ppm=N
// --impact-margin=N (whole quote units, ADR 195).
import { runSimulation } from './simulation.ts';

const opt = (name: string, dflt: number): number => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? dflt : Number(a.slice(name.length + 3));
};

const options = {
  seed: opt('seed', 20261125),
  commands: opt('commands', 1_000_000),
  users: opt('users', 3_000),
  checkEvery: opt('check-every', 10_000),
  ...(opt('liquidation-fee-ppm', -1) >= 0
    ? { liquidationFeePpm: BigInt(opt('liquidation-fee-ppm', 0)) }
    : {}),
  ...(opt('impact-margin', -1) >= 0
    ? { impactMarginQuote: BigInt(opt('impact-margin', 0)) * 1_000_000n }
    : {}),
  onCheck: (n: number, problems: number) => console.error(`${n} commands, ${problems} problems`),
};
const started = performance.now();
const s = runSimulation(options);
const seconds = Math.round((performance.now() - started) / 100) / 10;
console.log(
  JSON.stringify(
    { ...s, problems: s.problems.slice(0, 20), problemCount: s.problems.length, seconds },
    null,
    2,
  ),
);
if (s.problems.length > 0) process.exitCode = 1;
