import { spawnFakeServer } from './src/fake-server/spawn-server.mjs';
const srv = await spawnFakeServer();
const origin = srv.origin;
const drivers = process.argv.slice(2);
const inst = {};
for (const id of drivers) for (const stream of [true, false]) {
  const mod = await import(`./src/drivers/${id}.mjs`);
  const d = await mod.create({ origin, toolSteps: 49, stream });
  for (let i = 0; i < 10; i++) await d.run();
  inst[`${id}|${stream}`] = d;
}
const acc = {};
for (let round = 0; round < 8; round++) for (const key of Object.keys(inst)) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < 3; i++) await inst[key].run();
  const c = process.cpuUsage(c0);
  (acc[key] ??= []).push((c.user + c.system) / 1000 / 150);
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
for (const [k, v] of Object.entries(acc)) console.log(k, 'cpu ms/step', med(v).toFixed(3));
await srv.close?.(); process.exit(0);
