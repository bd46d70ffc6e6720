import type { CommandHandler } from './command-env.js';
import { isBlockDevice } from './device-paths.js';
import { parseArgs } from './options.js';

/** Partitioning and formatting tools: denied when they touch a device or anything outside the workspace. */
export function isDiskTool(name: string): boolean {
  return /^(?:mkfs(?:\..+)?|mke2fs|mkswap|mkntfs|mkdosfs|mkexfatfs|mkfs_\w+|fdisk|sfdisk|cfdisk|gdisk|sgdisk|cgdisk|parted|partprobe|wipefs|blkdiscard|hdparm|sdparm|badblocks|cryptsetup|zpool|mdadm|pvcreate|vgcreate|lvcreate|lvremove|diskutil|newfs(?:_\w+)?|format)$/.test(name);
}

export const diskTool: CommandHandler = (args, env, name) => {
  const parsed = parseArgs(args);
  const listing = parsed.options.some((o) => o.name === '-l' || o.name === '--list' || o.name === '-s' && name === 'sfdisk');
  if (listing && /^(?:fdisk|sfdisk|gdisk|sgdisk|parted|cfdisk)$/.test(name)) return;
  for (const operand of parsed.operands) {
    const text = operand.text;
    if (text === undefined) {
      env.undecidable(`${name}: the target is built at run time`, true);
      continue;
    }
    if (text.startsWith('/dev/') || isBlockDevice(text)) {
      env.deny('shell.disk_write', `${name} writes to the device ${text}`, { command: name });
      continue;
    }
    const ins = env.inspect(operand, name);
    if (ins?.class === 'outside' && /^(?:mk|wipefs|blkdiscard|cryptsetup|newfs)/.test(name)) env.deny('shell.disk_write', `${name} formats ${text}, outside the workspace`, { command: name });
  }
  if (/^(?:diskutil)$/.test(name) && args.some((w) => /erase|partition|zero|secure/i.test(w.text ?? ''))) env.deny('shell.disk_write', 'diskutil erases or partitions a disk', { command: 'diskutil' });
};
