const t0 = process.cpuUsage(); const w0 = performance.now();
const m = await import(process.argv[2]);
const t1 = process.cpuUsage(t0);
console.log(process.argv[2], 'cpu ms', ((t1.user + t1.system) / 1000).toFixed(1), 'wall', (performance.now() - w0).toFixed(1));
