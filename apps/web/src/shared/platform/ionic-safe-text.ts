/**
 * Text set on an Ionic element stays text.
 *
 * Root cause: Stencil, which compiles Ionic's components, patches `textContent` and `insertAdjacentText` on
 * its scoped components that relocate slotted children (ion-label, ion-header, ion-footer, ion-buttons,
 * ion-input, ion-input-otp, ion-textarea, ion-radio-group in Ionic 9). The patched `textContent` setter
 * removes the children and then calls `insertAdjacentHTML('beforeend', value)` — it parses the value as HTML —
 * and the patched `insertAdjacentText` calls `insertAdjacentHTML` as well. React renders an element whose only
 * child is a string or number with `element.textContent = value`, so `<IonLabel>{tenant.name}</IonLabel>`
 * turned a club name like `<img src=x onerror=…>` into an element (only the CSP kept its handler from running).
 *
 * Fix, for every component and every call site at once: before any Ionic element is defined, the custom
 * element registry's `define` is wrapped. An element class that carries Stencil's patched members is defined
 * as a subclass whose `textContent` setter and `insertAdjacentText` insert text nodes (Stencil's properties
 * are not configurable, so they are shadowed, not replaced); Stencil's own setter still removes the old
 * children, with an empty string, so slot relocation keeps working. Installed first thing in main.tsx (and in
 * the unit tests' setup).
 */

const FIXED = Symbol.for('vereinsheim.safe-text');

/** The Ionic elements Stencil patches this way in Ionic 9 (the wrapper itself does not rely on this list). */
export const PATCHED_IONIC_TAGS = [
  'ion-buttons',
  'ion-footer',
  'ion-header',
  'ion-input',
  'ion-input-otp',
  'ion-label',
  'ion-radio-group',
  'ion-textarea',
] as const;

type TextSetter = (this: HTMLElement, value: string) => void;
type TextGetter = (this: HTMLElement) => string;
/** A property descriptor read as plain function properties (not methods). */
interface Accessors {
  get?: TextGetter;
  set?: TextSetter;
}
function accessorsOf(target: object, key: string): Accessors | undefined {
  const descriptor: Accessors | undefined = Object.getOwnPropertyDescriptor(target, key);
  return descriptor;
}

/** Walks the class's prototypes below HTMLElement. */
function* ownPrototypes(constructor: CustomElementConstructor): Generator<object> {
  for (
    let proto = constructor.prototype as object | null;
    proto && proto !== HTMLElement.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    yield proto;
  }
}

/** True when the class carries Stencil's HTML-parsing text members and has not been made safe. */
export function parsesText(constructor: CustomElementConstructor): boolean {
  if ((constructor as { [FIXED]?: true })[FIXED]) return false;
  for (const proto of ownPrototypes(constructor)) {
    if (accessorsOf(proto, 'textContent')?.set) return true;
    if (Object.prototype.hasOwnProperty.call(proto, 'insertAdjacentText')) return true;
  }
  return false;
}

function stencilTextSetter(constructor: CustomElementConstructor): TextSetter | undefined {
  for (const proto of ownPrototypes(constructor)) {
    const set = accessorsOf(proto, 'textContent')?.set;
    if (set) return set;
  }
  return undefined;
}

function stencilTextGetter(constructor: CustomElementConstructor): TextGetter | undefined {
  for (const proto of ownPrototypes(constructor)) {
    const get = accessorsOf(proto, 'textContent')?.get;
    if (get) return get;
  }
  return accessorsOf(Node.prototype, 'textContent')?.get;
}

/** The class itself when it is harmless, else a subclass whose text members insert text nodes. */
export function withSafeText(constructor: CustomElementConstructor): CustomElementConstructor {
  if (!parsesText(constructor)) return constructor;
  const stencilSet = stencilTextSetter(constructor);
  const Base = constructor;
  const Safe = class extends Base {};
  Object.defineProperty(Safe, 'name', { value: constructor.name });
  Object.defineProperty(Safe, FIXED, { value: true });
  Object.defineProperty(Safe.prototype, 'textContent', {
    configurable: true,
    enumerable: false,
    get: stencilTextGetter(constructor),
    set(this: HTMLElement, value: unknown) {
      // Stencil's setter removes the current (relocated) children; the empty string parses to nothing.
      if (stencilSet) stencilSet.call(this, '');
      else while (this.firstChild) this.firstChild.remove();
      const content =
        typeof value === 'string'
          ? value
          : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
            ? String(value)
            : value == null
              ? ''
              : Object.prototype.toString.call(value);
      if (content !== '') this.append(this.ownerDocument.createTextNode(content));
    },
  });
  Object.defineProperty(Safe.prototype, 'insertAdjacentText', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, where: InsertPosition, data: string) {
      const node = this.ownerDocument.createTextNode(data);
      switch (where.toLowerCase()) {
        case 'afterbegin':
          try {
            // Through Stencil's slot relocation, like its own version ...
            this.prepend(node);
          } catch {
            // ... whose prepend throws (Illegal invocation) before the component has rendered its slot.
            Element.prototype.insertAdjacentText.call(this, where, data);
          }
          return;
        case 'beforeend':
          this.append(node);
          return;
        default:
          // Outside the element: the browser's own method, which never parses.
          Element.prototype.insertAdjacentText.call(this, where, data);
      }
    },
  });
  return Safe;
}

/** Wraps `customElements.define` once, so that every element defined from now on is made safe. */
export function installIonicSafeText(
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  if (!registry || (registry as { [FIXED]?: true })[FIXED]) return;
  const define = registry.define.bind(registry);
  registry.define = (
    name: string,
    constructor: CustomElementConstructor,
    options?: ElementDefinitionOptions,
  ) => define(name, withSafeText(constructor), options);
  Object.defineProperty(registry, FIXED, { value: true });
  for (const tag of PATCHED_IONIC_TAGS) {
    const defined = registry.get(tag);
    if (defined && parsesText(defined)) {
      console.error(`<${tag}> was defined before ionic-safe-text.ts was loaded; its text is parsed as HTML.`);
    }
  }
}

installIonicSafeText();
