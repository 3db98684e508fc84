import { TOAST_LIFETIME_MS } from './constants';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  title: string;
  text?: string;
  type?: ToastType;
}

export interface Toast extends Required<ToastInput> {
  id: number;
  /** Bumped each time the timer restarts, so a view can restart its countdown animation. */
  generation: number;
  paused: boolean;
}

type Listener = (toasts: readonly Toast[]) => void;

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Toast notifications: an identical one (same title, text and type) only restarts the existing
 * timer; each disappears after 30 s or on click; hovering pauses, leaving restarts.
 */
export class ToastStore {
  private list: Toast[] = [];
  private handles = new Map<number, unknown>();
  private listeners = new Set<Listener>();
  private nextId = 1;

  constructor(
    private readonly lifetimeMs = TOAST_LIFETIME_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  get toasts(): readonly Toast[] {
    return this.list;
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getSnapshot = (): readonly Toast[] => this.list;

  add(input: ToastInput): Toast {
    const t: Required<ToastInput> = { title: input.title, text: input.text ?? '', type: input.type ?? 'info' };
    const same = this.list.find((x) => x.title === t.title && x.text === t.text && x.type === t.type);
    if (same) {
      this.update(same.id, { generation: same.generation + 1, paused: false });
      this.startTimer(same.id);
      return this.list.find((x) => x.id === same.id)!;
    }
    const toast: Toast = { ...t, id: this.nextId++, generation: 0, paused: false };
    this.list = [...this.list, toast];
    this.startTimer(toast.id);
    this.emit();
    return toast;
  }

  dismiss(id: number): void {
    this.stopTimer(id);
    const before = this.list.length;
    this.list = this.list.filter((t) => t.id !== id);
    if (this.list.length !== before) this.emit();
  }

  pause(id: number): void {
    this.stopTimer(id);
    this.update(id, { paused: true });
  }

  resume(id: number): void {
    if (!this.list.some((t) => t.id === id)) return;
    const cur = this.list.find((t) => t.id === id)!;
    this.update(id, { paused: false, generation: cur.generation + 1 });
    this.startTimer(id);
  }

  clear(): void {
    for (const id of [...this.handles.keys()]) this.stopTimer(id);
    this.list = [];
    this.emit();
  }

  private startTimer(id: number): void {
    this.stopTimer(id);
    this.handles.set(
      id,
      this.timers.set(() => this.dismiss(id), this.lifetimeMs),
    );
  }

  private stopTimer(id: number): void {
    const h = this.handles.get(id);
    if (h !== undefined) this.timers.clear(h);
    this.handles.delete(id);
  }

  private update(id: number, patch: Partial<Toast>): void {
    this.list = this.list.map((t) => (t.id === id ? { ...t, ...patch } : t));
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l(this.list);
  }
}

/** The site-wide toast store (web-kit is a shared singleton, so host and remotes see the same one). */
export const toasts = new ToastStore();
