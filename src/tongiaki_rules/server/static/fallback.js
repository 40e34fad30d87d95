// The game page's fallback when its WebSocket fails: poll the view over HTTP instead.
//
// A socket can close and stay closed (a proxy that refuses upgrades, a server process gone
// while another keeps serving), or stay open and fall silent (a connection dropped without
// a close). The page then asks for the view itself: every CLOSED_EVERY ms while the socket
// is closed, and every QUIET_EVERY ms once it has said nothing for QUIET_AFTER ms. Anything
// heard on the socket stops the polling again. A game that does not move costs one small
// GET now and then; the server's answers are the same views the socket would push.

export const CLOSED_EVERY = 2000;
export const QUIET_AFTER = 10000;
export const QUIET_EVERY = 3000;

/**
 * Starts watching the socket's health; `poll()` fetches and shows the view (its errors are
 * ignored here: the next poll tries again). Call `heard()` on every message or open, and
 * `closed()` when the socket closes.
 */
export function pollWhenSilent(poll) {
  let lastHeard = Date.now();
  let open = false;
  let lastPoll = 0;
  let polling = false;
  setInterval(async () => {
    const now = Date.now();
    const every = open ? QUIET_EVERY : CLOSED_EVERY;
    const silent = !open || now - lastHeard >= QUIET_AFTER;
    if (!silent || polling || now - lastPoll < every) return;
    lastPoll = now;
    polling = true;
    try {
      await poll();
    } catch {
      // unreachable now: the next round asks again
    } finally {
      polling = false;
    }
  }, 500);
  return {
    heard() {
      open = true;
      lastHeard = Date.now();
    },
    closed() {
      open = false;
    },
  };
}
