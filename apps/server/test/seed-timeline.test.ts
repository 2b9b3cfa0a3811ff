// ADR 269: the seed's scripts play together and their steps run in time order, each with the start's
// clock (a SeedClock, which the engine host reads too) held at the step's time.
import { describe, expect, it } from 'vitest';
import { ManualClock, SeedClock } from '../src/clock.ts';
import { SeedTimeline } from '../src/seed/timeline.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('the seed timeline', () => {
  it('runs the steps of all scripts earliest first, the clock held at each; the base clock between', async () => {
    const base = new ManualClock(1_000_000);
    const clock = new SeedClock(base);
    const tl = new SeedTimeline(clock);
    const log: string[] = [];
    const step = (name: string, ms: number) =>
      tl.at(ms, async () => {
        await tick();
        log.push(`${name}@${clock.now()}`);
        return name;
      });
    let setUp = false;
    const outcomes = await tl.play([
      async () => {
        // What a script sets up before its first step is there when the next script starts.
        await tick();
        setUp = true;
        await step('a1', 100);
        expect(clock.now()).toBe(1_000_000);
        await tick();
        await step('a2', 400);
        return 'a';
      },
      async () => {
        expect(setUp).toBe(true);
        expect(await step('b1', 50)).toBe('b1');
        // Parts of one script interleave with each other and with the rest.
        const parts = await tl.together([
          async () => {
            await step('c1', 200);
            await step('c2', 500);
            return 'c';
          },
          async () => {
            await tick();
            await step('d1', 300);
            throw new Error('d refused');
          },
        ]);
        expect(parts.map((p) => p.status)).toEqual(['fulfilled', 'rejected']);
        await step('b2', 600);
        return 'b';
      },
    ]);
    expect(log).toEqual(['b1@50', 'a1@100', 'c1@200', 'd1@300', 'a2@400', 'c2@500', 'b2@600']);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'fulfilled', value: 'b' },
    ]);
    expect(clock.now()).toBe(1_000_000);
  });

  it('a refused step rejects its script only; outside a play, and inside a step, steps run at once', async () => {
    const clock = new SeedClock(new ManualClock(9_000));
    const tl = new SeedTimeline(clock);
    const seen: number[] = [];
    const outcomes = await tl.play([
      async () => {
        await tl.at(10, async () => {
          throw new Error('refused');
        });
        return 'never';
      },
      async () => {
        await tl.at(20, async () => {
          seen.push(clock.now());
          await tl.at(25, async () => seen.push(clock.now()));
          seen.push(clock.now());
        });
        return 'ok';
      },
    ]);
    expect(outcomes[0]!.status).toBe('rejected');
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: 'ok' });
    expect(seen).toEqual([20, 25, 20]);
    expect(await tl.at(30, async () => clock.now())).toBe(30);
    // On a plain clock (a test's), steps run at once at the clock's own time.
    const plain = new ManualClock(7);
    expect(await new SeedTimeline(plain).at(3, async () => plain.now())).toBe(7);
  });
});
