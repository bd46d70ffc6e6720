import { WardenError, type WardenErrorOptions } from '@warden/protocol';
import type { AgentSessionErrorCode } from './agent-session-error-codes.js';

const BRAND = Symbol.for('warden.error.agent_session');

/** An agent session bundle was misused. Codes start with `agent_session.`. */
export class AgentSessionError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: AgentSessionErrorCode }) {
    super(options);
    this.name = 'AgentSessionError';
  }

  static override isInstance(value: unknown): value is AgentSessionError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
