#!/usr/bin/env node
/**
 * npm run bench:chat — the chat's WebSocket fan-out on one instance, as ratios to a baseline of the same run.
 *
 * 1. Starts the real server (PGlite, embedded provider, demo data) as scripts/bench.mjs does, and signs access
 *    tokens for demo@ (receiver) and vorstand@ (sender), both in the demo's volleyball team conversation.
 * 2. Opens one, then BENCH_CHAT_SOCKETS WebSockets (default 1000) as demo@: each receives every team message.
 * 3. Fan-out: BENCH_CHAT_MESSAGES messages (default 20) sent one after another through the REST API; for each,
 *    the time from the start of the POST until each socket has the `message` frame (p50/p99 over all sockets
 *    and messages).
 * 4. Throughput: 4 concurrent senders for BENCH_DURATION seconds (default 5); messages per second committed, and
 *    frames per second delivered to the sockets.
 * The baseline is the same measurement with one socket connected, in the same run.
 *
 * Prints a markdown table and writes it to docs/benchmarks-chat.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import WebSocket from 'ws';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { demoId } from '../apps/server/src/seed/ids.ts';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const OUT_FILE = path.join(REPO_ROOT, 'docs/benchmarks-chat.md');

async function mintToken(server, account) {
  const jwks = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'oidc/jwks.json'), 'utf8'));
  const jwk = jwks.keys[0];
  const key = await importJWK(jwk, jwk.alg ?? 'RS256');
  return new SignJWT({ scope: 'openid profile email offline_access', client_id: 'vereinsheim-web' })
    .setProtectedHeader({ alg: jwk.alg ?? 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${server.baseURL}/oidc`)
    .setAudience(`${server.baseURL}/api`)
    .setSubject(demoId(`account:${account}`))
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(key);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => `${v.toFixed(1)} ms`;

function open(url, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function main() {
  const server = await startServer({ env: { RESPONSE_CHECK: 'false' } });
  try {
    const receiver = await mintToken(server, 'demo');
    const sender = await mintToken(server, 'vorstand');
    const api = `${server.baseURL}/api`;
    const list = await (
      await fetch(`${api}/me/chat/conversations`, { headers: { authorization: `Bearer ${sender}` } })
    ).json();
    const conversationId = list.items.find((c) => c.kind === 'team').id;
    const wsUrl = `${server.baseURL.replace('http', 'ws')}/api/chat/ws`;

    const post = (body) =>
      fetch(`${api}/me/chat/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      }).then((r) => {
        if (r.status !== 201) throw new Error(`send answered ${r.status}`);
      });

    /** Each message to every socket: the time from the start of the POST to each socket's frame. */
    async function fanout(sockets, label) {
      const arrivals = new Map();
      const listeners = sockets.map((ws) => {
        const listener = (data) => {
          const frame = JSON.parse(data.toString());
          if (frame.type !== 'message') return;
          const waiting = arrivals.get(frame.message.body);
          if (!waiting) return;
          waiting.times.push(performance.now() - waiting.t0);
          if (waiting.times.length === sockets.length) waiting.done();
        };
        ws.on('message', listener);
        return listener;
      });
      const times = [];
      for (let i = 0; i < MESSAGES; i++) {
        const body = `${label} ${i}`;
        let done;
        const all = new Promise((resolve) => (done = resolve));
        const entry = { t0: performance.now(), times: [], done };
        arrivals.set(body, entry);
        await post(body);
        await Promise.race([all, new Promise((r) => setTimeout(r, 30_000))]);
        if (entry.times.length < sockets.length)
          throw new Error(`${body} reached ${entry.times.length} of ${sockets.length} sockets`);
        times.push(...entry.times);
      }
      sockets.forEach((ws, i) => ws.off('message', listeners[i]));
      return times.sort((a, b) => a - b);
    }

    /** 4 concurrent senders for DURATION seconds: messages committed per second, frames delivered per second. */
    async function throughput(sockets, label) {
      let delivered = 0;
      const count = () => delivered++;
      for (const ws of sockets) ws.on('message', count);
      let sent = 0;
      const t0 = performance.now();
      const until = t0 + DURATION * 1000;
      await Promise.all(
        Array.from({ length: 4 }, async (_, w) => {
          while (performance.now() < until) {
            await post(`${label} ${w} ${sent}`);
            sent++;
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
      for (const ws of sockets) ws.off('message', count);
      return { messagesPerSecond: sent / elapsed, framesPerSecond: delivered / (elapsed + 2) };
    }

    // Baseline: the same with one socket.
    const one = [await open(wsUrl, receiver)];
    const baseFanout = await fanout(one, 'baseline');
    const baseThroughput = await throughput(one, 'baseline-load');
    one[0].terminate();

    // Sockets, in batches.
    const sockets = [];
    const started = performance.now();
    for (let i = 0; i < SOCKETS; i += 50)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - i) }, () => open(wsUrl, receiver)),
        )),
      );
    const connectSeconds = (performance.now() - started) / 1000;
    const manyFanout = await fanout(sockets, 'fanout');
    const manyThroughput = await throughput(sockets, 'load');
    for (const ws of sockets) ws.terminate();

    const ratio = (a, b) => `${(a / b).toFixed(2)}`;
    const b50 = percentile(baseFanout, 50);
    const b99 = percentile(baseFanout, 99);
    const m50 = percentile(manyFanout, 50);
    const m99 = percentile(manyFanout, 99);
    const rows = [
      [`sockets connected`, `${SOCKETS} in ${connectSeconds.toFixed(1)} s`, '', ''],
      ['team message fan-out p50 (POST start → frame)', ms(b50), ms(m50), ratio(m50, b50)],
      ['team message fan-out p99', ms(b99), ms(m99), ratio(m99, b99)],
      [
        'messages committed (4 senders)',
        `${baseThroughput.messagesPerSecond.toFixed(1)} msg/s`,
        `${manyThroughput.messagesPerSecond.toFixed(1)} msg/s`,
        ratio(manyThroughput.messagesPerSecond, baseThroughput.messagesPerSecond),
      ],
      [
        'frames delivered',
        `${baseThroughput.framesPerSecond.toFixed(0)} /s`,
        `${manyThroughput.framesPerSecond.toFixed(0)} /s`,
        ratio(manyThroughput.framesPerSecond, baseThroughput.framesPerSecond),
      ],
    ];
    const table = [
      `| measure | baseline: 1 socket | ${SOCKETS} sockets | ratio |`,
      '|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
    const text = `# Chat benchmark\n\n\`npm run bench:chat\` on ${new Date().toISOString().slice(0, 10)}: one instance (PGlite, demo data), ${MESSAGES} team messages one after another for the fan-out, 4 concurrent senders for ${DURATION} s for the throughput; server and load generator share the machine's cores, so the ratios are the point.\n\n${table}\n`;
    console.log(table);
    fs.writeFileSync(OUT_FILE, text);
  } finally {
    await server.stop();
  }
}

await main();
