// Wall-clock times in the store's time zone and the UTC instants the API stores: a `datetime-local` input shows and
// takes the store's wall clock (as every time in the console is shown in it), the API receives and returns UTC.
const partsOf = (instant: number, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );

/** The zone's offset from UTC (ms) at `instant`: the wall-clock reading there, minus the instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(instant / 1000) * 1000;
}

/** "2026-11-21T10:00" (or with seconds and milliseconds) read in `timeZone`, as an ISO instant; null when it is not one. */
export function wallToUtc(wall: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), +(m[7] ?? "0").padEnd(3, "0"));
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess, then at the instant it gives (they differ only across a change of offset).
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone)).toISOString();
}

/** An ISO instant as the `datetime-local` value of its wall clock in `timeZone` (seconds only when it has them). */
export function utcToWall(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  const wall = new Date(instant + offsetAt(instant, timeZone)).toISOString();
  return wall.slice(17, 19) === "00" && wall.slice(20, 23) === "000" ? wall.slice(0, 16) : wall.slice(0, 19);
}
