/**
 * One row per format added for issue #27: a real-shaped value in a realistic line, the secret that
 * must vanish, and a look-alike that must be kept. Values are generated (see `fake`), so the
 * repository holds no string a secret scanner would flag.
 */
import { fake } from './secret-fixtures.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_NUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_NUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;
const BECH32 = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const DIGITS = '0123456789';

export interface FormatRow {
  kind: string;
  /** The shape, for the README table. */
  shape: string;
  line: string;
  secret: string;
  lookAlike: string;
}

const row = (kind: string, shape: string, line: string, secret: string, lookAlike: string): FormatRow => ({ kind, shape, line, secret, lookAlike });

const s = {
  xai: `xai-${fake(80, ALNUM, 201)}`,
  groq: `gsk_${fake(52, ALNUM, 202)}`,
  pplx: `pplx-${fake(48, ALNUM, 203)}`,
  r8: `r8_${fake(37, ALNUM, 204)}`,
  openrouter: `sk-or-v1-${fake(64, HEX, 205)}`,
  age: `AGE-SECRET-KEY-1${fake(58, BECH32, 206)}`,
  vault: `hvs.${fake(90, URLSAFE, 207)}`,
  doppler: `dp.pt.${fake(43, ALNUM, 208)}`,
  op: `ops_eyJ${fake(140, URLSAFE, 209)}`,
  discord: `${fake(19, DIGITS, 210)}/${fake(68, URLSAFE, 210)}`,
  teams: `${fake(8, HEX, 211)}-${fake(4, HEX, 211)}-4${fake(3, HEX, 211)}@${fake(8, HEX, 212)}-${fake(4, HEX, 212)}/IncomingWebhook/${fake(32, HEX, 213)}/${fake(8, HEX, 214)}`,
  gchat: fake(43, URLSAFE, 215),
  mattermost: fake(26, LOWER_NUM, 216),
  azureKey: `${fake(86, B64, 217)}==`,
  sasKey: `${fake(43, B64, 218)}=`,
  azureSecret: `a1B2Q~${fake(34, `${ALNUM}_~.`, 219)}`,
  gcpRefresh: `1//0${fake(60, URLSAFE, 220)}`,
  fcm: `AAAA${fake(7, URLSAFE, 221)}:APA91b${fake(134, URLSAFE, 221)}`,
  alibaba: `LTAI${fake(20, ALNUM, 222)}`,
  heroku: `HRKU-${fake(60, URLSAFE, 223)}`,
  fly: `fm2_${fake(80, B64, 224)}`,
  terraform: `${fake(14, ALNUM, 225)}.atlasv1.${fake(67, URLSAFE, 225)}`,
  pulumi: `pul-${fake(40, HEX, 226)}`,
  tailscale: `tskey-auth-${fake(12, ALNUM, 227)}-${fake(30, ALNUM, 227)}`,
  databricks: `dapi${fake(32, HEX, 228)}`,
  supabase: `sbp_${fake(40, HEX, 229)}`,
  supabaseSecret: `sb_secret_${fake(32, URLSAFE, 230)}`,
  prefect: `pnu_${fake(36, ALNUM, 231)}`,
  sentry: `sntrys_${fake(80, B64, 232)}`,
  grafanaCloud: `glc_${fake(60, B64, 233)}`,
  grafanaSa: `glsa_${fake(32, ALNUM, 234)}_${fake(8, HEX, 234)}`,
  newrelic: `NRAK-${fake(27, UPPER_NUM, 235)}`,
  atlassian: `ATATT3${fake(180, URLSAFE, 236)}`,
  bitbucket: `ATBB${fake(32, ALNUM, 237)}`,
  linear: `lin_api_${fake(40, ALNUM, 238)}`,
  notion: `ntn_${fake(11, DIGITS, 239)}${fake(35, ALNUM, 239)}`,
  notionLegacy: `secret_${fake(43, ALNUM, 240)}`,
  postman: `PMAK-${fake(24, HEX, 241)}-${fake(34, HEX, 241)}`,
  figma: `figd_${fake(40, URLSAFE, 242)}`,
  contentful: `CFPAT-${fake(43, URLSAFE, 243)}`,
  airtable: `pat${fake(14, ALNUM, 244)}.${fake(64, HEX, 244)}`,
  dropbox: `sl.${fake(140, URLSAFE, 245)}`,
  typeform: `tfp_${fake(59, URLSAFE, 246)}`,
  frameio: `fio-u-${fake(64, URLSAFE, 247)}`,
  adafruit: `aio_${fake(28, ALNUM, 248)}`,
  twilio: `SK${fake(32, HEX, 249)}`,
  mailgun: `key-${fake(32, HEX, 250)}`,
  mailchimp: `${fake(32, HEX, 251)}-us14`,
  square: `sq0atp-${fake(22, URLSAFE, 252)}`,
  squareAccess: `EAAA${fake(60, URLSAFE, 253)}`,
  braintree: `access_token$production$${fake(16, LOWER_NUM, 254)}$${fake(32, HEX, 254)}`,
  plaid: `access-production-${fake(8, HEX, 255)}-${fake(4, HEX, 255)}-${fake(4, HEX, 256)}-${fake(4, HEX, 257)}-${fake(12, HEX, 255)}`,
  flutterwave: `FLWSECK-${fake(32, HEX, 258)}-X`,
  shippo: `shippo_live_${fake(40, HEX, 259)}`,
  easypost: `EZAK${fake(54, ALNUM, 260)}`,
  duffel: `duffel_live_${fake(43, URLSAFE, 261)}`,
  amzSig: fake(64, HEX, 262),
  amzToken: `IQoJb3JpZ2luX2VjE${fake(120, URLSAFE, 263)}`,
  googSig: fake(256, HEX, 264),
  cfSig: fake(120, `${ALNUM}~-_`, 265),
  sas: `${fake(43, ALNUM, 266)}%3D`,
  logicSig: fake(43, URLSAFE, 267),
  bareDb: fake(16, ALNUM, 268),
  bareRedis: fake(20, ALNUM, 269),
  curl: fake(18, ALNUM, 270),
  netrc: fake(20, ALNUM, 271),
};

export const FORMAT_ROWS: FormatRow[] = [
  row('xai-key', '`xai-` + 80 alphanumerics', `XAI_API_KEY=${s.xai}`, s.xai, 'pip install xai-sdk; model xai-grok-beta'),
  row('groq-key', '`gsk_` + 52 alphanumerics', `client = Groq(api_key="${s.groq}")`, s.groq, 'gsk_test is too short to be a key'),
  row('perplexity-key', '`pplx-` + 48 alphanumerics', `-H "Authorization: Bearer ${s.pplx}"`, s.pplx, 'see pplx-api docs'),
  row('replicate-token', '`r8_` + 37 alphanumerics', `export REPLICATE_API_TOKEN=${s.r8}`, s.r8, 'the r8_ prefix marks Replicate tokens'),
  row('openrouter-key', '`sk-or-v1-` + 64 hex', `key: ${s.openrouter}`, s.openrouter, 'sk-or-v1- keys come from openrouter.ai'),
  row('age-secret-key', '`AGE-SECRET-KEY-1` + 58 bech32', `# created: 2026-11-30\n${s.age}`, s.age, 'AGE-SECRET-KEY-1 starts an age identity file'),
  row('vault-token', '`hvs.`/`hvb.`/`hvr.` + 24+', `VAULT_TOKEN=${s.vault} vault kv get secret/app`, s.vault, 'hvs.example is not a token'),
  row('doppler-token', '`dp.pt.` (and `st`, `sa`, `ct`, `scim`, `audit`) + 40-44', `doppler run --token ${s.doppler} -- npm start`, s.doppler, 'dp.pt. service tokens are documented at doppler.com'),
  row('1password-token', '`ops_eyJ` + 100+', `OP_SERVICE_ACCOUNT_TOKEN=${s.op}`, s.op, 'ops_eyJ starts a 1Password service account token'),
  row('discord-webhook', '`discord(app).com/api/webhooks/<id>/<token>`', `curl -X POST https://discord.com/api/webhooks/${s.discord} -d '{}'`, s.discord, 'https://discord.com/api/webhooks is documented here'),
  row('teams-webhook', '`*.webhook.office.com/webhookb2/…`, `outlook.office.com/webhook/…`', `https://acme.webhook.office.com/webhookb2/${s.teams}`, s.teams, 'https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors'),
  row('google-chat-webhook', '`chat.googleapis.com/v1/spaces/<id>/messages?key=…&token=…`', `https://chat.googleapis.com/v1/spaces/AAAAB3cd/messages?key=AIza${fake(35, URLSAFE, 290)}&token=${s.gchat}`, s.gchat, 'https://chat.googleapis.com/v1/spaces/AAAAB3cd/messages'),
  row('mattermost-webhook', '`https://<host>/hooks/` + 26 lowercase alphanumerics', `https://chat.example.com/hooks/${s.mattermost}`, s.mattermost, 'cp hooks/pre-commit .git/hooks/pre-commit'),
  row('azure-storage-key', '`AccountKey=` + 88 base64', `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${s.azureKey};EndpointSuffix=core.windows.net`, s.azureKey, 'AccountName=acme;EndpointSuffix=core.windows.net'),
  row('azure-sas-key', '`SharedAccessKey=` + 44 base64', `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${s.sasKey}`, s.sasKey, 'SharedAccessKeyName=RootManageSharedAccessKey'),
  row('azure-client-secret', '3 characters, a digit, `Q~`, 31-34', `AZURE_CLIENT_SECRET=${s.azureSecret}`, s.azureSecret, 'press Q~ to quit'),
  row('gcp-refresh-token', '`1//0` + 40+', `"refresh_token": "${s.gcpRefresh}"`, s.gcpRefresh, 'ratio 1//0 is undefined'),
  row('firebase-server-key', '`AAAA…:APA91b` + 100+', `Authorization: key=${s.fcm}`, s.fcm, 'AAAA records map names to IPv6 addresses'),
  row('alibaba-access-key', '`LTAI` + 12-20 alphanumerics', `access_key_id: ${s.alibaba}`, s.alibaba, 'LTAI is the prefix of Alibaba keys'),
  row('heroku-token', '`HRKU-` + 60', `heroku auth:token -> ${s.heroku}`, s.heroku, 'HRKU- tokens replace the old UUID ones'),
  row('fly-token', '`fm1_`/`fm2_` + 40+', `FLY_API_TOKEN="FlyV1 ${s.fly}"`, s.fly, 'fm2_ is the macaroon prefix'),
  row('terraform-token', '14 characters `.atlasv1.` 60-70', `credentials "app.terraform.io" { token = "${s.terraform}" }`, s.terraform, 'the .atlasv1. part marks a Terraform Cloud token'),
  row('pulumi-token', '`pul-` + 40 hex', `PULUMI_ACCESS_TOKEN=${s.pulumi}`, s.pulumi, 'pul-request template'),
  row('tailscale-key', '`tskey-auth-…-…`', `tailscale up --authkey=${s.tailscale}`, s.tailscale, 'tskey-auth- keys are single-use by default'),
  row('databricks-token', '`dapi` + 32 hex', `DATABRICKS_TOKEN=${s.databricks}`, s.databricks, 'the dapi prefix marks Databricks tokens'),
  row('supabase-token', '`sbp_` + 40 hex, `sb_secret_…`', `supabase login --token ${s.supabase} && echo ${s.supabaseSecret}`, s.supabase, 'sbp_ and sb_secret_ prefixes'),
  row('supabase-token', '`sb_secret_` + 20+', `SUPABASE_SECRET=${s.supabaseSecret}`, s.supabaseSecret, 'sb_secret_ keys are server-side only'),
  row('prefect-token', '`pnu_` + 36 alphanumerics', `prefect cloud login -k ${s.prefect}`, s.prefect, 'pnu_ is a Prefect user key prefix'),
  row('sentry-token', '`sntrys_`/`sntryu_` + 40+', `SENTRY_AUTH_TOKEN=${s.sentry}`, s.sentry, 'sntrys_ marks an org auth token'),
  row('grafana-token', '`glc_` + 32+ base64', `grafana_cloud_token: ${s.grafanaCloud}`, s.grafanaCloud, 'glc_ tokens are Grafana Cloud access policy tokens'),
  row('grafana-token', '`glsa_` + 32 + `_` + 8 hex', `Authorization: Bearer ${s.grafanaSa}`, s.grafanaSa, 'glsa_ service account tokens'),
  row('newrelic-key', '`NRAK-` + 27', `NEW_RELIC_API_KEY=${s.newrelic}`, s.newrelic, 'NRAK- is a user key'),
  row('atlassian-token', '`ATATT3` + 100+', `curl -u ada@example.com:${s.atlassian} https://acme.atlassian.net/rest/api/3/myself`, s.atlassian, 'ATATT3 starts an Atlassian API token'),
  row('bitbucket-app-password', '`ATBB` + 28+', `BITBUCKET_APP_PASSWORD=${s.bitbucket}`, s.bitbucket, 'ATBB is the app password prefix'),
  row('linear-key', '`lin_api_` + 40', `LINEAR_API_KEY=${s.linear}`, s.linear, 'lin_api_ is documented by Linear'),
  row('notion-token', '`ntn_` + 11 digits + 35', `NOTION_TOKEN=${s.notion}`, s.notion, 'ntn_ tokens replaced secret_ ones'),
  row('notion-token', '`secret_` + 43 alphanumerics', `const notion = new Client({ auth: "${s.notionLegacy}" })`, s.notionLegacy, 'open secret_santa_list.txt'),
  row('postman-key', '`PMAK-` + 24 hex `-` 34 hex', `postman login --with-api-key ${s.postman}`, s.postman, 'PMAK- keys'),
  row('figma-token', '`figd_` + 40+', `X-Figma-Token: ${s.figma}`, s.figma, 'figd_ personal access tokens'),
  row('contentful-token', '`CFPAT-` + 43', `CONTENTFUL_MANAGEMENT_TOKEN=${s.contentful}`, s.contentful, 'CFPAT- tokens'),
  row('airtable-token', '`pat` + 14 `.` 64 hex', `AIRTABLE_PAT=${s.airtable}`, s.airtable, 'path.join(patterns, "x") uses a pattern'),
  row('dropbox-token', '`sl.` + 130+', `dbx = dropbox.Dropbox("${s.dropbox}")`, s.dropbox, 'sl. is short for slide'),
  row('typeform-token', '`tfp_` + 59', `TYPEFORM_TOKEN=${s.typeform}`, s.typeform, 'tfp_ tokens'),
  row('frameio-token', '`fio-u-` + 64', `FRAMEIO_TOKEN=${s.frameio}`, s.frameio, 'fio-u- tokens'),
  row('adafruit-key', '`aio_` + 28', `ADAFRUIT_IO_KEY=${s.adafruit}`, s.adafruit, 'aio_helpers module'),
  row('twilio-key', '`SK` + 32 hex', `client = Client("${s.twilio}", api_secret)`, s.twilio, 'SKU 1234 in stock'),
  row('mailgun-key', '`key-` + 32 hex', `auth=("api", "${s.mailgun}")`, s.mailgun, 'a key-value store'),
  row('mailchimp-key', '32 hex + `-us` + 1-2 digits', `mailchimp.setConfig({ apiKey: "${s.mailchimp}", server: "us14" })`, s.mailchimp, 'locale en-us1 and en-us'),
  row('square-token', '`sq0atp-`/`sq0csp-` + 22-43', `SQUARE_TOKEN=${s.square}`, s.square, 'sq0atp- is a Square prefix'),
  row('square-token', '`EAAA` + 60', `Authorization: Bearer ${s.squareAccess}`, s.squareAccess, 'EAAA is the start of a Square token'),
  row('braintree-token', '`access_token$production$…$…`', `gateway = braintree.BraintreeGateway(access_token="${s.braintree}")`, s.braintree, 'access_token$production$ is the form'),
  row('plaid-token', '`access-production-<uuid>`', `"access_token": "${s.plaid}"`, s.plaid, 'access-production-ready checklist'),
  row('flutterwave-key', '`FLWSECK-` + 32 hex + `-X`', `FLW_SECRET_KEY=${s.flutterwave}`, s.flutterwave, 'FLWSECK- keys'),
  row('shippo-token', '`shippo_live_`/`shippo_test_` + 40 hex', `shippo.config.api_key = "${s.shippo}"`, s.shippo, 'shippo_live_ is the live prefix'),
  row('easypost-key', '`EZAK`/`EZTK` + 54', `EASYPOST_API_KEY=${s.easypost}`, s.easypost, 'EZAK keys'),
  row('duffel-token', '`duffel_live_`/`duffel_test_` + 43', `Authorization: Bearer ${s.duffel}`, s.duffel, 'duffel_test_ tokens are free'),
  row('url-signature', 'S3 pre-signed `X-Amz-Signature=`', `https://b.s3.amazonaws.com/k.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261130T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${s.amzSig}`, s.amzSig, 'https://b.s3.amazonaws.com/k.zip?X-Amz-Expires=3600&X-Amz-SignedHeaders=host'),
  row('url-signature', 'S3 pre-signed `X-Amz-Security-Token=`', `https://b.s3.amazonaws.com/k?X-Amz-Security-Token=${s.amzToken}&X-Amz-Expires=60`, s.amzToken, 'X-Amz-Security-Token is a query parameter'),
  row('url-signature', 'GCS signed `X-Goog-Signature=`', `https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=900&X-Goog-Signature=${s.googSig}`, s.googSig, 'https://storage.googleapis.com/b/o?X-Goog-Expires=900'),
  row('url-signature', 'CloudFront / legacy S3 `Signature=`', `https://d111.cloudfront.net/v.mp4?Expires=1767225600&Signature=${s.cfSig}&Key-Pair-Id=K2JCJMDEHXQW5F`, s.cfSig, 'https://d111.cloudfront.net/v.mp4?Expires=1767225600&Key-Pair-Id=K2JCJMDEHXQW5F'),
  row('url-signature', 'Azure SAS `sig=`', `https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&sig=${s.sas}`, s.sas, 'https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&sp=r&sig=<signature>'),
  row('url-signature', 'Logic Apps / Power Automate `sig=`', `https://prod-12.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${s.logicSig}`, s.logicSig, 'the sig=true flag is documented'),
  row('password', '`user:password@host` without a scheme', `mysql --uri admin:${s.bareDb}@db.internal.example.com:3306/app`, s.bareDb, 'git@github.com:acme/app.git and image:1.2@sha256:abc and ada@example.com'),
  row('password', '`user:password@localhost`', `redis-cli -u default:${s.bareRedis}@localhost:6379`, s.bareRedis, 'mailto:ada@example.com'),
  row('basic-auth', '`curl -u user:password`', `curl -u deploy:${s.curl} https://ci.example.com/api`, s.curl, 'curl -u deploy https://ci.example.com/api'),
  row('netrc-password', '`.netrc` `machine … login … password …`', `machine api.example.com login ada password ${s.netrc}`, s.netrc, 'machine learning login page password reset'),
];
