/** A message as one vendor turn: its role and its items (content blocks, parts) as JSON text. */
export interface TurnJson {
  role: string;
  /** The turn's items, each serialised, comma-separated. */
  items: string;
}

/** What one message becomes: a role and items, or null for nothing (a system message, an emptied turn). */
export type TurnOf<M> = (message: M) => { role: string; items: readonly unknown[] } | null;

/**
 * The JSON array of vendor turns for a conversation, built from each message's
 * cached items: consecutive turns of one role merge into one, and a message
 * with no items leaves no turn (so its neighbours may merge). Anthropic
 * (`content`) and Gemini (`parts`) share this; a loop resends the same message
 * objects every step, so each is serialised once per adapter, not every call.
 */
export function mergedTurnsJson<M extends object>(messages: readonly M[], cache: WeakMap<M, TurnJson | null>, turnOf: TurnOf<M>, itemsKey: string): string {
  let text = '';
  let role: string | undefined;
  let items = '';
  const close = (): void => {
    if (role === undefined) return;
    text += `${text === '' ? '' : ','}{"role":${JSON.stringify(role)},${JSON.stringify(itemsKey)}:[${items}]}`;
  };
  for (const message of messages) {
    let turn = cache.get(message);
    if (turn === undefined) {
      const converted = turnOf(message);
      turn = converted && converted.items.length > 0 ? { role: converted.role, items: converted.items.map((item) => JSON.stringify(item)).join(',') } : null;
      cache.set(message, turn);
    }
    if (turn === null) continue;
    if (turn.role === role) {
      items = `${items},${turn.items}`;
    } else {
      close();
      role = turn.role;
      items = turn.items;
    }
  }
  close();
  return `[${text}]`;
}

/**
 * The same merge as `mergedTurnsJson`, on objects: what the JSON text parses to. It is the
 * readable form of a request's turns, and the reference the cached JSON is tested against.
 */
export function mergedTurns<M>(messages: readonly M[], turnOf: TurnOf<M>, itemsKey: string): Array<Record<string, unknown>> {
  const out: Array<{ role: string; items: unknown[] }> = [];
  for (const message of messages) {
    const turn = turnOf(message);
    if (!turn || turn.items.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === turn.role) last.items.push(...turn.items);
    else out.push({ role: turn.role, items: [...turn.items] });
  }
  return out.map((turn) => ({ role: turn.role, [itemsKey]: turn.items }));
}
