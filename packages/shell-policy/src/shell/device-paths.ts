import { posix } from 'node:path';

const HARMLESS = /^\/(?:dev\/(?:null|zero|full|stdout|stderr|stdin|tty|fd\/\d+|pts\/\d+)|proc\/self\/fd\/\d+)$/;
const BLOCK = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|disk\/|mapper\/|dm-\d|loop\d|md\d|sr\d|nbd\d|zd\d|bcache|ram\d|mtd|root$|mem$|kmem$|port$)/i;

function normal(path: string): string {
  return posix.normalize(path);
}

/** Writes to these never leave a trace on disk (`2>/dev/null`, `>&2` by path…). */
export function isHarmlessDevice(path: string): boolean {
  return HARMLESS.test(normal(path));
}

/** Block devices and raw memory: a write here formats or corrupts a disk. */
export function isBlockDevice(path: string): boolean {
  return BLOCK.test(normal(path));
}
