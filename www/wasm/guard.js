// An instance of one of the core's modules, guarded against its own traps. A trap (WebAssembly's
// `RuntimeError`: an `unreachable` reached, which is how a panic of the core ends, or a memory
// access out of bounds) leaves an instance's state undefined: a borrow of an object never given
// back, the allocator or the stack pointer where the trap left them. Nothing may call into it
// again. So the page calls into an instance only through its guarded bindings, made here: each
// call sees a trap as it comes out of the instance, marks the instance dead and says so, once
// (`died`); from then on, a call throws at once without going in (an Error that says why), and
// `free()` of one of its objects does nothing (its memory goes with the instance). The objects the
// instance made are taken off the bindings' finalizers then, which would free each one into the
// dead instance once it is collected. What to do instead, an instance made afresh, is core.js's.

/** Whether `error` is a trap of a WebAssembly instance (a panic of the core ends in one). */
export const isTrap = (error) => error instanceof WebAssembly.RuntimeError;

/** What a call into a dead instance throws. */
const DEAD = "the instance of the solver this call is for stopped unexpectedly, and was dropped";

/**
 * The bindings of an instance (wasm-bindgen's glue, `bindings`), guarded: the same functions and
 * classes, each call checked. `died(error)` is told of the instance's trap, once, before the
 * trap's error goes on to the caller.
 */
export function guard(bindings, died) {
  let dead = false;
  /** The objects the instance made and that are not freed, weakly: taken off the finalizers when it dies. */
  const made = new Set();
  const refs = new WeakMap();
  let sweepAt = 64;

  /** `fn` of the bindings called on `self` with `args`. */
  const call = (fn, self, args) => {
    if (dead) throw new Error(DEAD);
    try {
      return fn.apply(self, args);
    } catch (error) {
      if (isTrap(error) && !dead) {
        dead = true;
        for (const ref of made) ref.deref()?.__destroy_into_raw(); // the glue's own, calls nothing in
        made.clear();
        died(error);
      }
      throw error;
    }
  };

  const track = (object) => {
    const ref = new WeakRef(object);
    refs.set(object, ref);
    made.add(ref);
    if (made.size >= sweepAt) {
      // The references of objects collected without a free (the finalizers freed them).
      for (const held of made) if (!held.deref()) made.delete(held);
      sweepAt = Math.max(64, 2 * made.size);
    }
    return object;
  };

  /** A class of the bindings: its methods, accessors and statics through `call`, its objects tracked. */
  const guardClass = (type) => {
    const { prototype } = type;
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
      if (name === "constructor" || name.startsWith("__")) continue;
      const { value, get, set } = descriptor;
      if (name === "free") {
        descriptor.value = function free() {
          made.delete(refs.get(this));
          if (!dead) call(value, this, []);
        };
      } else if (typeof value === "function") {
        descriptor.value = function (...args) {
          return call(value, this, args);
        };
      } else {
        if (get) descriptor.get = function () { return call(get, this, []); };
        if (set) descriptor.set = function (to) { call(set, this, [to]); };
      }
      Object.defineProperty(prototype, name, descriptor);
    }
    if (prototype.free && Symbol.dispose in prototype) prototype[Symbol.dispose] = prototype.free;
    for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(type))) {
      if (typeof value !== "function") continue;
      // `__wrap` makes the object a method or a static returns: the glue's, it calls nothing in.
      type[name] = name === "__wrap" ? (pointer) => track(value.call(type, pointer)) : (...args) => call(value, type, args);
    }
    return new Proxy(type, { construct: (target, args, newTarget) => track(call(Reflect.construct, Reflect, [target, args, newTarget])) });
  };

  const guarded = {};
  for (const [name, value] of Object.entries(bindings)) {
    if (typeof value !== "function" || name === "default" || name === "initSync") continue;
    guarded[name] = typeof value.prototype?.free === "function" ? guardClass(value) : (...args) => call(value, undefined, args);
  }
  return Object.freeze(guarded);
}
