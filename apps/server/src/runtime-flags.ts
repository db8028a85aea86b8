import v8 from 'node:v8';

/**
 * V8 settings for the server process, applied before any other module is evaluated (main.ts imports this first).
 *
 * `--no-allocation-site-pretenuring` (ADR 0040): V8 allocates the objects of a code site directly in the old
 * generation once most of them have survived a young collection. Under a burst many requests are in flight at
 * every young collection, so the sites of a request's rows, mapped objects and response parts are marked as
 * long-lived, and stay so: afterwards each request's short-lived objects went to the old generation, about 25 MB
 * a second at 1,000 requests a second, and a full collection of 10–20 ms followed every few seconds. With it off
 * they die young, where collecting them costs nothing per dead object.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
