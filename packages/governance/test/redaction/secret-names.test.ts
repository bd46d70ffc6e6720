import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretName } from '../../src/index.js';

/** Common variables of shells, terminals, CI systems and tools: never secrets. */
const ORDINARY_NAMES = [
  'PWD', 'OLDPWD', 'PATH', 'HOME', 'USER', 'SHELL', 'LANG', 'LC_ALL', 'TERM', 'HOSTNAME', 'LOGNAME', 'EDITOR', 'VISUAL', 'PAGER', 'TMPDIR',
  'NODE_ENV', 'CI', 'GITHUB_SHA', 'GITHUB_REF', 'GITHUB_RUN_ID', 'GITHUB_WORKSPACE', 'TOKENIZERS_PARALLELISM', 'KEYBOARD_LAYOUT', 'SSH_AUTH_SOCK',
  'GIT_ASKPASS', 'SSH_ASKPASS', 'XAUTHORITY', 'DISPLAY', 'COLORTERM', 'SHLVL', 'PS1', 'LS_COLORS', 'XDG_SESSION_TYPE', 'XDG_RUNTIME_DIR',
  'DBUS_SESSION_BUS_ADDRESS', 'NVM_DIR', 'KUBECONFIG', 'DOCKER_HOST', 'HISTFILE', 'INPUTRC', 'GNUPGHOME', 'GPG_AGENT_INFO', 'KEYTIMEOUT',
  'MAX_TOKENS', 'TOKEN_LIMIT', 'PASSWORD_FILE', 'PASSWORD_STORE_DIR', 'AWS_ACCESS_KEY_ID', 'AWS_SHARED_CREDENTIALS_FILE',
  'GOOGLE_APPLICATION_CREDENTIALS', 'AUTH_DOMAIN', 'ACTIONS_ID_TOKEN_REQUEST_URL', 'PASSWORDLESS_ENABLED', 'secretary', 'author', 'keyboard',
];

/** Names that do mean a secret, in the spellings seen in the wild. */
const SECRET_NAMES = [
  'GITHUB_TOKEN', 'DB_PASSWORD', 'PGPASSWORD', 'MYSQL_PWD', 'DB_PWD', 'apiKey', 'client_secret', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY',
  'NPM_TOKEN', 'authToken', 'SLACK_BOT_TOKEN', 'password', 'passwd', 'DB_PASS', 'JWT_SECRET', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'secret_key',
  'privateKey', 'ssh_key', 'x-api-key', 'Authorization', 'SESSION_SECRET', 'MY_CREDS', 'VAULT_TOKEN', 'REDIS_PASSWORD', 'clientSecret',
  'GH_PAT', 'smtp_passphrase', 'AZURE_CREDENTIALS',
];

describe('secret names are matched by meaning, not by substring', () => {
  it.each(ORDINARY_NAMES)('%s is not a secret name', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it.each(SECRET_NAMES)('%s is a secret name', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it('never replaces the working directory or other ordinary values taken from the environment', () => {
    const env = Object.fromEntries(ORDINARY_NAMES.map((name) => [name, `/home/ada/value-of-${name.toLowerCase()}`]));
    const redactor = createRedactor({ env: { ...env, DEPLOY_TOKEN: 'corp-deploy-7f3a9c2e1b' } });
    const text = ORDINARY_NAMES.map((name) => `${name}=${env[name]}`).join('\n');
    expect(redactor.redact(text)).toBe(text);
    expect(redactor.redact('cd /home/ada/value-of-pwd && git push corp-deploy-7f3a9c2e1b')).toBe('cd /home/ada/value-of-pwd && git push [redacted:env:DEPLOY_TOKEN]');
  });

  it('keeps `env` output of ordinary variables and removes the secret ones', () => {
    const out = createRedactor().redact('PWD=/work/app\nOLDPWD=/work\nSSH_AUTH_SOCK=/tmp/ssh-XXXX/agent.42\nDB_PASSWORD=Tr0ub4dor3x\nTOKENIZERS_PARALLELISM=false');
    expect(out).toBe('PWD=/work/app\nOLDPWD=/work\nSSH_AUTH_SOCK=/tmp/ssh-XXXX/agent.42\nDB_PASSWORD=[redacted:password]\nTOKENIZERS_PARALLELISM=false');
  });
});
