const pad = (n: number) => String(n).padStart(2, '0');

/** A day as YYYY-MM-DD in the local time zone (what date inputs show and send). */
export function localIsoDate(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A moment as YYYY-MM-DDTHH:MM in the local time zone, for datetime-local inputs. */
export function localIsoDateTime(date: Date): string {
  return `${localIsoDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
