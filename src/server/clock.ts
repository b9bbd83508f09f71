// The app's clock. Outside production it can be moved (POST /dev/clock), so that time rules
// (cut-offs, expiries) can be tried in a browser; in production it is the system clock.
export type Clock = { now: () => Date; set: (at: Date | null) => void };

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (at) => {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}
