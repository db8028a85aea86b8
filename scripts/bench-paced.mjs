/**
 * Open-loop load at a fixed rate, for issue 14 §2 ("p99 < 50 ms at 1 000 req/s offered on PostgreSQL").
 *
 * Requests start on a schedule, one every 1000/rate ms, whatever the earlier ones are doing, over keep-alive
 * connections opened as they are needed. The latency of a request counts from its scheduled start, so a request
 * that waited in the client for a free connection counts that wait too (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a budget of requests per second, and a connection
 * sends its budget back to back at the start of every second, then waits for the next one (httpClient.js,
 * `reqsMadeThisSecond`). With 50 connections × 20 requests that offers a burst of 50 requests at once until the
 * second's 1 000 are sent — a closed-loop test at full concurrency for most of each second, not an even rate.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Sends `rate × seconds` GET requests to `url`, evenly spaced, and answers what a bench row needs: served req/s
 * (answers per second from the first scheduled start to the last answer), p50 and p99 in ms, the count of
 * non-2xx answers and errors, the most requests in flight at once and the longest stall of the generator's own
 * event loop (ms).
 */
export async function pacedLoad(url, headers = {}, { rate = 1000, seconds = 5, maxSockets = 256 } = {}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let done = 0;
  let non2xx = 0;
  let errors = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let lastAnswer = 0;
  // The generator's own stalls (its event loop blocked) delay requests too; reported beside the figures.
  const ownDelay = monitorEventLoopDelay({ resolution: 2 });
  const start = performance.now() + 20;
  ownDelay.enable();
  await new Promise((resolve) => {
    const finish = (i, scheduled) => {
      lastAnswer = performance.now();
      latencies[i] = lastAnswer - scheduled;
      inFlight -= 1;
      done += 1;
      if (done === total) resolve();
    };
    const fire = (i) => {
      const scheduled = start + i * interval;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          headers,
        },
        (res) => {
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
          res.on('end', () => finish(i, scheduled));
          res.on('error', () => {
            errors += 1;
            finish(i, scheduled);
          });
          res.resume();
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        finish(i, scheduled);
      });
      req.end();
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) fire(next++);
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  ownDelay.disable();
  agent.destroy();
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    rps: total / ((lastAnswer - start) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    total,
    non2xx,
    errors,
    maxInFlight,
    generatorMaxDelay: ownDelay.max / 1e6,
  };
}
