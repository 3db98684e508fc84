/**
 * Counts turns of the event loop (one setImmediate after another) from now until `stop()`: a test's stand-in for the
 * requests a server would answer while some long work runs. Work that never yields to the event loop leaves it at 0.
 */
export function countTurns(): { stop(): number } {
  let running = true;
  let turns = 0;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}
