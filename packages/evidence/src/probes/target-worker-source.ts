/**
 * The source of the worker thread a module target's functions run in (evaluated
 * with `eval: true`, so it needs no file of its own in dist). Every function of the
 * target — entry and hooks, sync or async — runs there, sharing one module
 * instance per file; the main thread only waits, so a deadline can stop waiting
 * even for a synchronous function that never returns. Before a result crosses the
 * thread boundary it is checked for what structured cloning would hide (class
 * instances, accessors, symbol keys, non-enumerable keys, Proxies), so evidence is
 * judged as the target returned it.
 */
export const TARGET_WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const { types } = require('node:util');
const modules = new Map();
const controllers = new Map();
const RUN_STOPPED = Symbol.for('warden.evidence.run_stopped');
const NODE_LIMIT = 300000;

async function resolveRef(ref) {
  let pending = modules.get(ref.url);
  if (pending === undefined) { pending = import(ref.url); modules.set(ref.url, pending); }
  const namespace = await pending;
  const fn = namespace[ref.exportName];
  if (typeof fn !== 'function') { const e = new Error('not a function'); e.notFunction = true; throw e; }
  return fn;
}

function className(error) {
  try {
    if (typeof error !== 'object' || error === null) return error === null ? 'null' : typeof error;
    if (types.isProxy(error)) return 'Proxy';
    const proto = Object.getPrototypeOf(error);
    const ctor = proto && Object.getOwnPropertyDescriptor(proto, 'constructor');
    const name = ctor && typeof ctor.value === 'function' ? Object.getOwnPropertyDescriptor(ctor.value, 'name') : undefined;
    return name && typeof name.value === 'string' && /^[A-Za-z_$][\w$]{0,80}$/.test(name.value) ? name.value : 'Object';
  } catch { return 'unknown'; }
}

function ownValue(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  return d && 'value' in d ? d.value : undefined;
}

// What structured cloning would silently change: answer with the validator's code instead.
function plainProblem(root) {
  const stack = [root];
  let nodes = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++nodes > NODE_LIMIT) return 'evidence_work_limit';
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' || value === undefined) return 'evidence_value_type';
    if (typeof value !== 'object' || value === null) continue;
    if (types.isProxy(value)) return 'evidence_value_type';
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return 'evidence_value_type';
    if (!isArray && (types.isDate(value) || types.isRegExp(value) || types.isBoxedPrimitive(value) || types.isNativeError(value) || types.isMap(value) || types.isSet(value) || types.isArrayBufferView(value) || types.isAnyArrayBuffer(value))) return 'evidence_value_type';
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'symbol') return 'evidence_key_type';
      if (isArray && key === 'length') continue;
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (!('value' in d) || d.enumerable !== true) return 'evidence_value_type';
      stack.push(d.value);
    }
  }
  return undefined;
}

parentPort.on('message', async (message) => {
  if (message.op === 'abort') { const c = controllers.get(message.id); if (c) c.abort(new Error('deadline passed')); return; }
  const controller = new AbortController();
  controllers.set(message.id, controller);
  try {
    const fn = await resolveRef(message.ref);
    if (message.op === 'load') { parentPort.postMessage({ id: message.id, ok: true }); return; }
    const args = message.op === 'call'
      ? [message.prompt, message.material === undefined ? null : message.material, Object.assign({}, message.context, { signal: controller.signal })]
      : [message.context];
    const value = await fn(...args);
    const problem = value === undefined ? undefined : plainProblem(value);
    if (problem !== undefined) { parentPort.postMessage({ id: message.id, ok: false, invalid: problem }); return; }
    try { parentPort.postMessage({ id: message.id, ok: true, value }); }
    catch { parentPort.postMessage({ id: message.id, ok: false, invalid: 'evidence_value_type' }); }
  } catch (error) {
    let stopped;
    try {
      if (typeof error === 'object' && error !== null && !types.isProxy(error) && ownValue(error, RUN_STOPPED) === true) {
        const reason = ownValue(error, 'reason');
        const report = ownValue(error, 'report');
        stopped = { reason: typeof reason === 'string' ? reason.slice(0, 200) : 'stopped', report: plainProblem(report) === undefined ? report : undefined };
      }
    } catch { stopped = undefined; }
    const notFunction = typeof error === 'object' && error !== null && !types.isProxy(error) && ownValue(error, 'notFunction') === true;
    try { parentPort.postMessage({ id: message.id, ok: false, errorClass: className(error), notFunction, stopped }); }
    catch { parentPort.postMessage({ id: message.id, ok: false, errorClass: className(error), notFunction }); }
  } finally {
    controllers.delete(message.id);
  }
});
`;
