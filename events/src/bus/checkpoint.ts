import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
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

/**
 * A checkpoint in a small JSON file, replaced atomically (write + rename). The writes run off the
 * event loop (a rename can wait on the file system's journal for tens of ms while another process
 * writes a lot), one after another.
 */
export class FileCheckpointStore implements CheckpointStore {
  private chain: Promise<void> = Promise.resolve();
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
  save(position: number): Promise<void> {
    const tmp = `${this.path}.tmp`;
    const write = this.chain.then(async () => {
      await writeFile(tmp, JSON.stringify({ position }));
      await rename(tmp, this.path);
    });
    this.chain = write.catch(() => undefined);
    return write;
  }
}
