import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, context, type Context, type ContextManager } from '@opentelemetry/api';

/**
 * A context manager on AsyncLocalStorage (what @opentelemetry/context-async-hooks provides), so
 * `context.with(…)` really makes a span active across awaits in these tests.
 */
class AsyncLocalContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

/** Registers the manager for the test file; returns the function that removes it. */
export function useAsyncContext(): () => void {
  const manager = new AsyncLocalContextManager();
  context.setGlobalContextManager(manager);
  return () => context.disable();
}
