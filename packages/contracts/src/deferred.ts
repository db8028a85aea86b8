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
 * A stand-in for the object `build` returns, built on the first property read, call, `in` or `instanceof`. Every
 * read goes to the built object with itself as the receiver, so its getters and methods see the real object;
 * a method read through the stand-in is called with the stand-in as `this`, which passes on in the same way.
 */
export function lazyObject<T extends object>(build: () => T): T {
  let real: T | undefined;
  const target = (): T => {
    if (real === undefined) {
      real = build();
      built += 1;
    }
    return real;
  };
  return new Proxy(Object.create(null) as T, {
    get: (_stand, key) => {
      const object = target();
      return Reflect.get(object, key, object) as unknown;
    },
    set: (_stand, key, value) => Reflect.set(target(), key, value),
    has: (_stand, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

/** A contract's schema: deferred in a browser (see above), built at once elsewhere. */
export function deferred<T extends object>(build: () => T): T {
  if (!DEFERS) {
    built += 1;
    return build();
  }
  return lazyObject(build);
}
