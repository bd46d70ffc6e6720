import type { RunEvent } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';

/** The status line's words for what the run waits on after this event (undefined: unchanged). */
export function waitingAfter(event: RunEvent, t: Translator, inFlight: Set<string>): string | undefined {
  switch (event.type) {
    case 'run_start':
    case 'step_start':
      return t('repl.status.model');
    case 'tool_decision':
      if (event.decision.effect === 'deny' || event.approval?.outcome === 'denied') return undefined;
      inFlight.add(event.callId);
      return t('repl.status.tool', { tool: event.name });
    case 'tool_result':
      inFlight.delete(event.callId);
      return inFlight.size === 0 ? t('repl.status.model') : undefined;
    default:
      return undefined;
  }
}

