/**
 * A gate a test fake's writes wait at: hold() closes it, release() lets the waiting writes through, and drop()
 * forgets them (they never finish: their writer was killed) while later writes pass. Open, it lets writes through.
 */
export class Gate {
  private closed: Promise<void> | null = null;
  private open: () => void = () => {};
  hold(): void {
    this.closed = new Promise((r) => (this.open = r));
  }
  release(): void {
    this.closed = null;
    this.open();
  }
  drop(): void {
    this.closed = null;
  }
  async pass(): Promise<void> {
    if (this.closed) await this.closed;
  }
}
