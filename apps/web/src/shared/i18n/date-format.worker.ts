import type { DateFormatWarmUp } from './format.ts';

/**
 * The date-format worker (format.ts, warmUpDateTimeFormat): makes the formatter it is sent, so that the engine loads
 * its date-format data for the page's process, and answers once done.
 */
addEventListener('message', (event: MessageEvent<DateFormatWarmUp>) => {
  new Intl.DateTimeFormat(event.data.locale, event.data.options).format(0);
  postMessage(null);
});
