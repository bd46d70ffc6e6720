// One cold start, as a user's one-step script does it: a fresh `node` imports the framework,
// makes one model call that answers with text (no tool step) against the fake server, and exits.
// `node src/cold-start-child.mjs <driver id> <origin> <stream|no-stream>`; prints its own CPU time.
import { driverById } from './drivers/registry.mjs';

const [id, origin, mode] = process.argv.slice(2);
const driver = driverById(id);
const { create } = await import(new URL(`./drivers/${driver.module.slice(2)}`, import.meta.url).href);
const instance = await create({ origin, toolSteps: 0, stream: mode === 'stream' });
const result = await instance.run();
if (result.toolCalls !== 0 || !result.output) throw new Error(`${id}: unexpected result ${JSON.stringify(result).slice(0, 200)}`);
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
process.exit(0);
