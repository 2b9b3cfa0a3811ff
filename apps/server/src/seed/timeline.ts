// The seeded past in time order (ADR 269). The seeds back-date their records (a flash exchange four
// days ago, a stake six days ago, a deposit two days ago), but the engine stamps each command with
// its clock and never goes back in time: run one after the other, the seeds' money moves all carried
// the start's time, and the ledger showed a four-day-old exchange moving money today.
//
// Each seed is a script: what moves money goes through `at(ms, step)`, the rest runs as it comes. The
// timeline plays the scripts together and runs their steps one at a time, earliest first, with the
// start's clock (a SeedClock, which the engine host reads too) held at the step's time: the journal
// stays monotonic and every ledger entry carries the time of its record. A script waits at each
// step until every other script is waiting too, so the earliest step of all of them runs next.
//
// Rules for a script: one step at a time (await each `at` before the next), no waiting on another
// script outside a step, and no engine command outside a step (it would carry the start's time and
// every later step would be stamped after it).

import { atTime, type Clock } from '../clock.ts';

interface Step {
  ms: number;
  order: number;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class SeedTimeline {
  private readonly waiting: Step[] = [];
  /** Scripts started and not finished. */
  private active = 0;
  private playing = false;
  private inStep = false;
  private order = 0;
  private wake: (() => void) | null = null;

  constructor(private readonly clock: Clock) {}

  /**
   * Runs `step` at `ms`: in a play, when it is the earliest step of all the scripts; outside one (a
   * test calling a single seed) or inside another step, at once. Either way with the clock at `ms`.
   */
  at<T>(ms: number, step: () => Promise<T>): Promise<T> {
    if (!this.playing || this.inStep) return atTime(this.clock, ms, step);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        ms,
        order: this.order++,
        run: step,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.poke();
    });
  }

  /**
   * Plays the scripts: each is started once the ones before it wait at a step (so what a script sets
   * up before its first step, say the products, is there for the next), then the steps run in time
   * order until every script has finished. Answers each script's outcome, in the order given.
   */
  async play<T>(scripts: readonly (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
    if (this.playing) throw new Error('the seed timeline is already playing');
    this.playing = true;
    const outcomes: Promise<T>[] = [];
    try {
      for (const script of scripts) {
        this.active += 1;
        outcomes.push(
          Promise.resolve()
            .then(script)
            .finally(() => {
              this.active -= 1;
              this.poke();
            }),
        );
        // Unhandled until allSettled below: keep Node from calling a refusal unhandled meanwhile.
        outcomes.at(-1)!.catch(() => {});
        await this.settled();
      }
      for (;;) {
        await this.settled();
        if (this.active === 0) break;
        this.waiting.sort((a, b) => a.ms - b.ms || a.order - b.order);
        const step = this.waiting.shift()!;
        this.inStep = true;
        try {
          step.resolve(await atTime(this.clock, step.ms, step.run));
        } catch (error) {
          step.reject(error);
        } finally {
          this.inStep = false;
        }
      }
    } finally {
      this.playing = false;
    }
    return Promise.allSettled(outcomes);
  }

  /**
   * Runs parts of one script as scripts of their own (their steps interleave in time order), and
   * answers their outcomes once all have finished. Outside a play: one after the other.
   */
  async together<T>(parts: readonly (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
    if (!this.playing || this.inStep || parts.length === 0) {
      const outcomes: PromiseSettledResult<T>[] = [];
      for (const part of parts) {
        try {
          outcomes.push({ status: 'fulfilled', value: await part() });
        } catch (reason) {
          outcomes.push({ status: 'rejected', reason });
        }
      }
      return outcomes;
    }
    // The calling script's place goes to its parts; the last part to finish hands it back, so the
    // caller runs on as a script again without the player seeing one script too few meanwhile.
    this.active += parts.length - 1;
    let left = parts.length;
    return Promise.allSettled(
      parts.map((part) =>
        Promise.resolve()
          .then(part)
          .finally(() => {
            left -= 1;
            if (left > 0) {
              this.active -= 1;
              this.poke();
            }
          }),
      ),
    );
  }

  /** Resolves once every running script waits at a step (or none runs). */
  private async settled(): Promise<void> {
    while (this.waiting.length < this.active) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
