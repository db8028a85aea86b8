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
import { spawn } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

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

/**
 * `pacedLoad` in a Node process of its own. The bench's process has run autocannon against every endpoint (and
 * Chromium's driver) before the paced rows; its heap is large, and each of its full collections held requests
 * back that were due, which the row then counted as the server's latency. A fresh process sends on time; its own
 * longest stall is still reported.
 */
export function pacedLoadInChild(url, headers = {}, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`the paced load generator exited with ${code}`));
    });
    child.stdin.end(JSON.stringify({ url, headers, options }));
  });
}

// Run as a script (pacedLoadInChild): the arguments as JSON on stdin, the result as JSON on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let input = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) input += chunk;
  const { url, headers, options } = JSON.parse(input);
  process.stdout.write(JSON.stringify(await pacedLoad(url, headers, options)));
}
