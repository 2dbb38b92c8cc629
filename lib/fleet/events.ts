import type { FleetEventName, FleetEvents } from './types.js';

type Listener<E extends FleetEventName> = (payload: FleetEvents[E]) => void;
export type Emit = <E extends FleetEventName>(name: E, payload: FleetEvents[E]) => void;

/** The fleet's events. A throwing listener never breaks the fleet's loops: its error surfaces asynchronously. */
export class FleetEmitter {
  readonly #listeners = new Map<FleetEventName, Set<Listener<any>>>();

  on<E extends FleetEventName>(name: E, listener: Listener<E>): void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener);
  }

  off<E extends FleetEventName>(name: E, listener: Listener<E>): void {
    this.#listeners.get(name)?.delete(listener);
  }

  readonly emit: Emit = (name, payload) => {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
}
