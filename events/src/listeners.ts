/** The callbacks told of each value of one kind of event: added one by one, each removed by the call `add` returns. */
export class Listeners<T> {
  private readonly callbacks = new Set<(value: T) => void>();

  /** Adds listener; returns the call that removes it. */
  add(listener: (value: T) => void): () => void {
    this.callbacks.add(listener);
    return () => {
      this.callbacks.delete(listener);
    };
  }

  /** Calls every listener with value, in the order they were added. */
  emit(value: T): void {
    for (const listener of this.callbacks) listener(value);
  }
}
