import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckpointStore } from './port';

export class MemoryCheckpointStore implements CheckpointStore {
  constructor(private position = 0) {}
  async load(): Promise<number> {
    return this.position;
  }
  async save(position: number): Promise<void> {
    this.position = position;
  }
}

/** A checkpoint in a small JSON file, replaced atomically (write + rename). */
export class FileCheckpointStore implements CheckpointStore {
  constructor(private readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
  }
  async load(): Promise<number> {
    try {
      return Number(JSON.parse(readFileSync(this.path, 'utf8')).position) || 0;
    } catch {
      return 0;
    }
  }
  async save(position: number): Promise<void> {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify({ position }));
    renameSync(tmp, this.path);
  }
}
