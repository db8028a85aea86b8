/**
 * Schemas built on their first use rather than when their module loads (issue 14 §6, ADR 0054).
 *
 * A web page loads the contract modules of everything it might parse, and building a Zod schema is work: on the
 * signed-in dashboard the schemas of the start-up's modules took about 170 ms of a phone's main thread (CPU 4×
 * slower), most of them for requests and answers that page never sends or reads. In a browser `deferred` hands
 * out a stand-in that builds the schema when it is first touched and from then on passes every use to it. Elsewhere
 * (the server, which parses on its hot path and builds every route's schema at start anyway; the tests in Node) it
 * builds the schema at once and returns it as it is.
 */

/** Whether this runtime defers: a browser page (the web app and the web app's tests), not Node. */
const DEFERS = typeof (globalThis as { document?: unknown }).document === 'object';

let built = 0;

/** How many deferred schemas this runtime has built so far (a test's measure of what a page load built). */
export function deferredSchemasBuilt(): number {
  return built;
}

/**
 * A stand-in for the object `build` returns, built on the first property read, call, `in` or `instanceof`.
 *
 * The stand-in is a plain object whose prototype is a proxy. The first read that reaches the proxy builds the
 * object and copies the built object's own properties onto the stand-in (a schema's `_zod`, `def` and `type`: its
 * internals are then shared, not copied). From then on those reads are the stand-in's own, as fast as on the
 * schema itself; what a schema keeps on its prototype (its methods, `~standard`) is read from the built object
 * through the proxy and runs with the stand-in as `this`, which holds the same internals.
 */
export function lazyObject<T extends object>(build: () => T): T {
  let real: T | undefined;
  const materialize = (): T => {
    if (real === undefined) {
      real = build();
      built += 1;
      Object.defineProperties(stand, Object.getOwnPropertyDescriptors(real));
    }
    return real;
  };
  const prototype = new Proxy(Object.create(null) as object, {
    get: (_prototype, key) => (real ?? materialize())[key as keyof T],
    has: (_prototype, key) => key in materialize(),
    getPrototypeOf: () => Object.getPrototypeOf(materialize()) as object | null,
  });
  const stand = Object.create(prototype) as T;
  return stand;
}

/** A contract's schema: deferred in a browser (see above), built at once elsewhere. */
export function deferred<T extends object>(build: () => T): T {
  if (!DEFERS) {
    built += 1;
    return build();
  }
  return lazyObject(build);
}
