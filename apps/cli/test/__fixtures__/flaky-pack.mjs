// A pack for the CLI's --min-pass-rate / --fail-on-flaky tests: fails on its second run only.
import { defineCase, definePack } from '@warden/evidence';

export default definePack({
  name: 'flaky-fixture',
  cases: [
    defineCase({ id: 'flaky:second-run', title: 'Fails on run 2', schedules: ['once', 'soak'] }, async (ctx) => {
      ctx.step('request', 'running');
      ctx.metric('latency', 125.78945400000003, 'ms');
      ctx.check(ctx.iteration !== 1, 'status is 200 on every run');
      ctx.step('request', 'ok');
    }),
  ],
  probes: [],
});
