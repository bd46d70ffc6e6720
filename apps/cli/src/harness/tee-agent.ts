import type { Agent, RunOptions } from '@warden/core';
import type { RunEvent } from '@warden/protocol';

async function* tee(events: AsyncIterable<RunEvent>, observe: (event: RunEvent) => void | Promise<void>): AsyncGenerator<RunEvent> {
  for await (const event of events) {
    await observe(event);
    yield event;
  }
}

function withObserver<O extends RunOptions>(options: O | undefined, observe: (event: RunEvent) => void | Promise<void>): O {
  const given = options?.onEvent;
  return {
    ...(options ?? ({} as O)),
    onEvent: (event: RunEvent) => {
      void observe(event);
      given?.(event);
    },
  };
}

/** The same agent, with every event also handed to `observe` (the audit trail) before the caller sees it. */
export function observeAgent(agent: Agent, observe: (event: RunEvent) => void | Promise<void>): Agent {
  return {
    run: (task, options) => agent.run(task, withObserver(options, observe)),
    resume: (id, options) => agent.resume(id, withObserver(options, observe)),
    stream: (task, options) => tee(agent.stream(task, options), observe),
    resumeStream: (id, options) => tee(agent.resumeStream(id, options), observe),
  };
}
