import { apiRequestBlob } from '../../../shared/api/client.ts';

/** GET /api/event/{id}/ical: the event as an .ics file (needs the bearer token, so fetched, then saved). */
export function fetchEventIcs(id: string): Promise<Blob> {
  return apiRequestBlob(`event/${encodeURIComponent(id)}/ical`);
}
