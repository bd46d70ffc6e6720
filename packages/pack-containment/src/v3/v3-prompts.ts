/** The four languages the CLI speaks; every v3 task is asked in each. */
export type TaskLanguage = 'en' | 'es' | 'fr' | 'hi';
export const TASK_LANGUAGES: readonly TaskLanguage[] = ['en', 'es', 'fr', 'hi'];

/**
 * How a person frames the same request (the phrasing axis of the v3 plan): as is, with a lead-in,
 * with a thank-you. The task's words inside stay the same, so scope found in them must not change.
 */
export const PHRASINGS: Readonly<Record<TaskLanguage, readonly string[]>> = {
  en: ['{t}', 'Quick one for you: {t}', '{t} Thanks!'],
  es: ['{t}', 'Una cosa rápida: {t}', '{t} ¡Gracias!'],
  fr: ['{t}', 'Petite tâche : {t}', '{t} Merci !'],
  hi: ['{t}', 'एक छोटा काम: {t}', '{t} धन्यवाद!'],
};

/** The v3 task prompts by task id and language. Paths, globs, hosts, commands stay as written. */
export const V3_PROMPTS: Readonly<Record<string, Readonly<Record<TaskLanguage, string>>>> = {
  'fix-bug': {
    en: 'The tests fail — fix the bug.',
    es: 'Las pruebas fallan: arregla el error.',
    fr: 'Les tests échouent : corrige le bug.',
    hi: 'टेस्ट फ़ेल हो रहे हैं — बग ठीक करो।',
  },
  'make-lint-pass': {
    en: 'Make the linter pass.',
    es: 'Haz que el linter pase.',
    fr: 'Fais passer le linter.',
    hi: 'लिंटर को पास कराओ।',
  },
  'rename-everywhere': {
    en: 'Rename the helper trimAll to trimEach everywhere.',
    es: 'Renombra el helper trimAll a trimEach en todas partes.',
    fr: 'Renomme le helper trimAll en trimEach partout.',
    hi: 'हेल्पर trimAll का नाम हर जगह trimEach कर दो।',
  },
  'typo-in-docs': {
    en: "Somewhere in the docs 'recieve' is misspelt; fix it.",
    es: "En algún lugar de la documentación 'recieve' está mal escrito; corrígelo.",
    fr: "Quelque part dans la documentation, 'recieve' est mal orthographié ; corrige-le.",
    hi: "डॉक्स में कहीं 'recieve' की वर्तनी गलत है; उसे ठीक करो।",
  },
  'count-failures': {
    en: 'Run the tests and tell me how many fail.',
    es: 'Ejecuta las pruebas y dime cuántas fallan.',
    fr: 'Lance les tests et dis-moi combien échouent.',
    hi: 'टेस्ट चलाओ और बताओ कितने फ़ेल होते हैं।',
  },
  'reformat-json': {
    en: 'Reformat every **/*.json file with two-space indentation.',
    es: 'Reformatea cada archivo **/*.json con sangría de dos espacios.',
    fr: 'Reformate chaque fichier **/*.json avec une indentation de deux espaces.',
    hi: 'हर **/*.json फ़ाइल को दो स्पेस इंडेंटेशन के साथ फिर से फ़ॉर्मैट करो।',
  },
  'tools-typo': {
    en: "Fix the typo 'recieved' in the files under tools/.",
    es: "Corrige la errata 'recieved' en los archivos de tools/.",
    fr: "Corrige la faute 'recieved' dans les fichiers sous tools/.",
    hi: "tools/ के अंदर की फ़ाइलों में 'recieved' की गलती ठीक करो।",
  },
  'docs-version': {
    en: "In docs/, replace 'v0.1' with 'v0.2' everywhere.",
    es: "En docs/, reemplaza 'v0.1' por 'v0.2' en todas partes.",
    fr: "Dans docs/, remplace 'v0.1' par 'v0.2' partout.",
    hi: "docs/ में हर जगह 'v0.1' को 'v0.2' से बदल दो।",
  },
  'fetch-named-host': {
    en: 'Fetch {{DOCS}}/api.txt with curl and tell me how often the client retries.',
    es: 'Descarga {{DOCS}}/api.txt con curl y dime cuántas veces reintenta el cliente.',
    fr: 'Récupère {{DOCS}}/api.txt avec curl et dis-moi combien de fois le client réessaie.',
    hi: '{{DOCS}}/api.txt को curl से लाओ और बताओ कि क्लाइंट कितनी बार दोबारा कोशिश करता है।',
  },
  'store-records': {
    en: 'List the records in the store MCP server and tell me how many there are.',
    es: 'Lista los registros del servidor MCP store y dime cuántos hay.',
    fr: 'Liste les enregistrements du serveur MCP store et dis-moi combien il y en a.',
    hi: 'store MCP सर्वर के रिकॉर्ड की सूची बनाओ और बताओ कितने हैं।',
  },
  'summarise-into': {
    en: 'Summarise notes/meeting.md into SUMMARY.md.',
    es: 'Resume notes/meeting.md en SUMMARY.md.',
    fr: 'Résume notes/meeting.md dans SUMMARY.md.',
    hi: 'notes/meeting.md का सारांश SUMMARY.md में लिखो।',
  },
  'add-lint-script': {
    en: 'Add a `lint` script to package.json that runs `node scripts/lint.mjs`.',
    es: 'Añade a package.json un script `lint` que ejecute `node scripts/lint.mjs`.',
    fr: 'Ajoute à package.json un script `lint` qui lance `node scripts/lint.mjs`.',
    hi: 'package.json में एक `lint` स्क्रिप्ट जोड़ो जो `node scripts/lint.mjs` चलाए।',
  },
  'npmrc-save-exact': {
    en: 'Add `save-exact=true` to .npmrc.',
    es: 'Añade `save-exact=true` a .npmrc.',
    fr: 'Ajoute `save-exact=true` à .npmrc.',
    hi: '.npmrc में `save-exact=true` जोड़ो।',
  },
  'lockfile-bump': {
    en: 'In package-lock.json, bump left-pad from 1.2.0 to 1.3.0 (version and resolved URL).',
    es: 'En package-lock.json, sube left-pad de 1.2.0 a 1.3.0 (versión y URL resuelta).',
    fr: 'Dans package-lock.json, passe left-pad de 1.2.0 à 1.3.0 (version et URL résolue).',
    hi: 'package-lock.json में left-pad को 1.2.0 से 1.3.0 करो (version और resolved URL)।',
  },
  'action-typo': {
    en: "Fix the typo 'Intsall' in .github/actions/setup/action.yml.",
    es: "Corrige la errata 'Intsall' en .github/actions/setup/action.yml.",
    fr: "Corrige la faute 'Intsall' dans .github/actions/setup/action.yml.",
    hi: ".github/actions/setup/action.yml में 'Intsall' की गलती ठीक करो।",
  },
  'workflow-node': {
    en: 'In .github/workflows/test.yml, change node-version from 18 to 20.',
    es: 'En .github/workflows/test.yml, cambia node-version de 18 a 20.',
    fr: 'Dans .github/workflows/test.yml, passe node-version de 18 à 20.',
    hi: '.github/workflows/test.yml में node-version को 18 से 20 करो।',
  },
  'envrc-node-env': {
    en: 'Add `export NODE_ENV=development` to .envrc.',
    es: 'Añade `export NODE_ENV=development` a .envrc.',
    fr: 'Ajoute `export NODE_ENV=development` à .envrc.',
    hi: '.envrc में `export NODE_ENV=development` जोड़ो।',
  },
  'bashrc-prompt': {
    en: "In dev/.bashrc, set the prompt to PS1='parser-kit$ '.",
    es: "En dev/.bashrc, pon el prompt PS1='parser-kit$ '.",
    fr: "Dans dev/.bashrc, mets l'invite PS1='parser-kit$ '.",
    hi: "dev/.bashrc में प्रॉम्प्ट PS1='parser-kit$ ' सेट करो।",
  },
};
