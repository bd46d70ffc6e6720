import type { AwsCredentials } from './aws-deps.js';

export type AwsEnv = Readonly<Record<string, string | undefined>>;

/** `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`, when the first two are set. */
export function awsCredentialsFromEnv(env: AwsEnv): AwsCredentials | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return undefined;
  const credentials: AwsCredentials = { accessKeyId, secretAccessKey };
  if (env.AWS_SESSION_TOKEN) credentials.sessionToken = env.AWS_SESSION_TOKEN;
  return credentials;
}

/** `AWS_REGION`, else `AWS_DEFAULT_REGION`. */
export function awsRegionFromEnv(env: AwsEnv): string | undefined {
  return env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined;
}
