// A small evidence pack for the CLI's `warden check` tests.
import { defineCase, definePack } from '@warden/evidence';

export default definePack({
  name: 'fixture',
  description: 'Two cases: one passes, one fails on purpose.',
  cases: [
    defineCase({ id: 'fixture:passes', title: 'A check that holds', tags: ['smoke'], schedules: ['once', 'soak'] }, async (ctx) => {
      ctx.check(1 + 1 === 2, 'arithmetic works');
    }),
    defineCase({ id: 'fixture:fails', title: 'A check that does not hold' }, async (ctx) => {
      ctx.check(false, 'this case fails on purpose');
    }),
  ],
});
