import { LOADING_BAR } from './constants';

export interface LoadingBarState {
  visible: boolean;
  /** 0..100 */
  progress: number;
}

type Listener = (s: LoadingBarState) => void;

/**
 * The thin loading bar: shown only when a load lasts longer than the throttle (50 ms), it creeps
 * towards the end over the duration (500 ms), then completes and hides when every load is done.
 */
export class LoadingTracker {
  private pending = 0;
  private state: LoadingBarState = { visible: false, progress: 0 };
  private showTimer: ReturnType<typeof setTimeout> | undefined;
  private tick: ReturnType<typeof setInterval> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<Listener>();

  constructor(
    readonly throttleMs: number = LOADING_BAR.throttleMs,
    readonly durationMs: number = LOADING_BAR.durationMs,
  ) {}

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getSnapshot = (): LoadingBarState => this.state;

  get active(): number {
    return this.pending;
  }

  /** Marks a load as started; call the returned function (once) when it ends. */
  start(): () => void {
    this.pending++;
    if (this.pending === 1) {
      if (this.hideTimer) clearTimeout(this.hideTimer);
      this.hideTimer = undefined;
      if (!this.state.visible && !this.showTimer) {
        this.showTimer = setTimeout(() => {
          this.showTimer = undefined;
          if (this.pending > 0) this.show();
        }, this.throttleMs);
      }
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.pending--;
      if (this.pending === 0) this.finish();
    };
  }

  async track<T>(p: Promise<T>): Promise<T> {
    const end = this.start();
    try {
      return await p;
    } finally {
      end();
    }
  }

  private show(): void {
    const stepMs = 50;
    const step = (90 / this.durationMs) * stepMs;
    this.set({ visible: true, progress: 0 });
    this.tick = setInterval(() => {
      const next = Math.min(90, this.state.progress + step);
      if (next !== this.state.progress) this.set({ visible: true, progress: next });
    }, stepMs);
  }

  private finish(): void {
    if (this.showTimer) {
      clearTimeout(this.showTimer);
      this.showTimer = undefined;
    }
    if (this.tick) clearInterval(this.tick);
    this.tick = undefined;
    if (!this.state.visible) return;
    this.set({ visible: true, progress: 100 });
    this.hideTimer = setTimeout(() => {
      this.hideTimer = undefined;
      this.set({ visible: false, progress: 0 });
    }, this.throttleMs * 4);
  }

  private set(s: LoadingBarState): void {
    this.state = s;
    for (const l of this.listeners) l(s);
  }
}

export const loading = new LoadingTracker();
