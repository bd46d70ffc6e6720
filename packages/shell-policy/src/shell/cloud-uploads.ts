import type { CommandHandler } from './command-env.js';
import { checkUpload } from './exfiltration.js';
import { parseArgs } from './options.js';

/** A remote location in these tools' own syntax: `remote:path`, `s3://…`, `gs://…`, `az://…`. */
const REMOTE = /^(?:[a-z][\w+.-]*:\/\/|[\w.-]+:(?!\/\/))/i;

/**
 * Uploads by storage and hosting clients: `rclone copy|sync|move SRC remote:`, `aws s3 cp|sync|mv SRC
 * s3://…`, `gsutil cp|rsync SRC gs://…`, `gh gist create FILE…`, `gh release upload TAG FILE…`. A
 * secret, protected or home source cannot leave by them either (`shell.exfiltration`).
 */
export const cloudUpload: CommandHandler = (args, env, name) => {
  const words = parseArgs(args, { short: 'cdpR', long: ['--config', '--profile', '--region', '--filename', '--desc', '--repo', '--exclude', '--include'] }).operands;
  const texts = words.map((w) => w.text);
  let sources: typeof words;
  if (name === 'rclone' && /^(?:copy|copyto|sync|move|moveto|rcat)$/.test(texts[0] ?? '')) sources = words.slice(1, -1);
  else if (name === 'aws' && texts[0] === 's3' && /^(?:cp|sync|mv)$/.test(texts[1] ?? '')) sources = words.slice(2, -1);
  else if (name === 'gsutil' && /^(?:cp|rsync|mv)$/.test(texts[0] ?? '')) sources = words.slice(1, -1);
  else if (name === 'gh' && texts[0] === 'gist' && texts[1] === 'create') sources = words.slice(2);
  else if (name === 'gh' && texts[0] === 'release' && texts[1] === 'upload') sources = words.slice(3);
  else return {};
  const destination = texts[texts.length - 1];
  if (name !== 'gh' && (destination === undefined || !REMOTE.test(destination))) return {};
  env.network(`${name} ${texts[0] ?? ''}`);
  for (const source of sources) if (source.text === undefined || !REMOTE.test(source.text)) checkUpload(env, source, `${name} ${texts.slice(0, name === 'aws' || name === 'gh' ? 2 : 1).join(' ')}`);
  return {};
};

export const CLOUD_UPLOADERS = ['rclone', 'aws', 'gsutil', 'gh'];
