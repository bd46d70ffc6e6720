import type { enFrictions } from './en-frictions.js';

/** Los mensajes de las fricciones de quien empieza (issue #47): sesiones, stdin, espacios de solo lectura, aprobaciones. */
export const esFrictions: Record<keyof typeof enFrictions, string> = {
  'option.newSession': 'Con --session ID: inicia una sesión nueva con ese id cuando el almacén no tiene ninguna (sin esta opción, un id desconocido es un error).',
  'error.unknownSession': 'no hay ninguna sesión "{id}" en {store}',
  'hint.unknownSession': 'warden sessions lista las guardadas; para iniciar una sesión nueva llamada {id}, añade --new-session',
  'error.resumeNotASession': '--resume continúa la sesión más reciente, y "{value}" no es una sesión guardada',
  'hint.resumeNotASession': 'para reanudar una sesión por su id usa warden --session ID (warden sessions las lista); para dar a la sesión más reciente una tarea de una palabra usa --resume --prompt {value}',
  'error.storeNotWritable': 'no se puede escribir en el almacén de sesiones {store}, así que no se ejecutó nada',
  'hint.storeNotWritable': 'guarda las sesiones en otro lugar con --sessions DIR (o "sessions" en warden.config.json)',
  'error.auditNotWritable': 'no se puede escribir en el registro de auditoría {file}, así que no se ejecutó nada',
  'hint.auditNotWritable': 'pon el registro de auditoría en otro lugar con "audit": { "file": "…" } en warden.config.json, y las sesiones con --sessions DIR',
  'approve.again': "\"{typed}\" no es una de las opciones: escribe y, n (o a para siempre, cuando se ofrece), o unas palabras que digan por qué no",
  'approve.newFile': "un archivo nuevo:",
  'approve.moreLines': "… {count} líneas más",
  'doctor.listening': "un servidor que escucha en {url}",
  'doctor.notListening': "no hay nada escuchando: {why}",
  'doctor.fix.ollama': "inicia `ollama serve` (escucha en {url}), o apunta --base-url al servidor que está en marcha",
  'doctor.fix.localServer': "inicia el servidor de modelos que debe responder en {url}, o apunta --base-url al que está en marcha",
  'providers.fromConfig': "warden.config.json: modelo {model}, URL base {url}",
  'report.unpriced': "sin precio",
  'error.notADuration': "{flag} espera una duración, como {examples}",
  'error.notADirectory': "{flag} {dir} no es un directorio",
  'error.noSessionToResume': "no hay ninguna sesión que reanudar en {store}",
  'cliHint.session.not_found': "warden sessions lista las sesiones que puedes ver (revisa --sessions y --workdir)",
  'error.packHasNoProbes': "el paquete {pack} contiene casos ({count}), no sondas, así que warden probe run no tiene nada que ejecutar",
  'hint.packHasNoProbes': "ejecuta sus casos con warden check pack:{pack} (warden evidence list pack:{pack} los lista)",
};
