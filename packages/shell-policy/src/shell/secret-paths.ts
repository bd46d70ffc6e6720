import { posix } from 'node:path';

/**
 * Files whose content is a credential wherever they are: SSH and TLS keys, cloud and registry
 * credentials, shell histories, the process environment. Used for exfiltration: reading one of these
 * into a network tool, or uploading it, is denied in every mode. Workspace-protected paths (`.env`,
 * configured ones) count as secret too; the analyzer checks those through the path policy.
 */
const SECRET_NAMES = /^(?:\.env(?:\..*)?|id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|.*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk|asc|gpg)|\.netrc|_netrc|\.npmrc|\.yarnrc(?:\.yml)?|\.pypirc|\.git-credentials|\.pgpass|\.my\.cnf|\.htpasswd|\.vault-token|\.boto|\.s3cfg|credentials(?:\.json|\.toml|\.tfrc\.json)?|secrets?(?:\.(?:json|ya?ml|toml|env|txt))?|application_default_credentials\.json|service[-_]?account.*\.json|kubeconfig|\.kube|\.ssh|\.aws|\.gnupg|\.docker|\.azure|gcloud|\.bash_history|\.zsh_history|\.python_history|\.psql_history|\.mysql_history|shadow|gshadow|sudoers|master\.key|token(?:s)?(?:\.(?:json|txt))?)$/i;

/** Paths whose segments name a credential store (`~/.ssh/…`, `.aws/credentials`, `/proc/self/environ`). */
const SECRET_PATHS = /(?:^|\/)(?:\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.azure|\.config\/(?:gcloud|gh)|\.password-store)(?:\/|$)|^\/etc\/(?:shadow|gshadow|sudoers|passwd|master\.passwd)$|^\/proc\/[^/]+\/environ$|^\/var\/run\/secrets\//i;

/** Whether a path names a credential (by its name or the store it sits in). */
export function isSecretPath(path: string): boolean {
  const clean = path.replace(/^@/, '').replace(/\/+$/, '');
  if (clean.length === 0 || !/[./~_]|cred|secret|token|kube|shadow|sudoers|gcloud|passwd/i.test(clean)) return false;
  if (SECRET_PATHS.test(clean)) return true;
  const base = posix.basename(clean);
  if (/^\.env\.(?:example|sample|template|dist|defaults)$/i.test(base)) return false;
  return SECRET_NAMES.test(base);
}
