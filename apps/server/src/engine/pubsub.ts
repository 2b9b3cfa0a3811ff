/**
 * Market-data fan-out port. In process for one node; a Redis or NATS adapter implements the same
 * two methods when API nodes scale out (ARCHITECTURE.md, Adapters).
 */
export interface PubSub {
  publish(channel: string, message: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
}

export class InProcessPubSub implements PubSub {
  private readonly listeners = new Map<string, Set<(message: unknown) => void>>();

  publish(channel: string, message: unknown): void {
    const set = this.listeners.get(channel);
    if (set === undefined) return;
    for (const l of [...set]) {
      try {
        l(message);
      } catch {
        // A subscriber's failure (a closed socket) must not stop the others.
      }
    }
  }

  subscribe(channel: string, listener: (message: unknown) => void): () => void {
    let set = this.listeners.get(channel);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  /** Number of channels with listeners (tests). */
  channelCount(): number {
    return this.listeners.size;
  }
}
