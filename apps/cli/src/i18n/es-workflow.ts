/** es: the `warden workflow` command and the workflow error codes (@warden/workflows). */
import type { CatalogEntry } from './catalog-types.js';
import type { enWorkflow } from './en-workflow.js';

export const esWorkflow: Record<keyof typeof enWorkflow, CatalogEntry> = {
  "command.workflow.summary": "Comprueba, ejecuta o reanuda un archivo de flujo de trabajo: pasos en orden fijo de herramientas y agentes, con puntos de control para que una ejecución sobreviva a su proceso.",
  "command.workflow.usage": "warden workflow ARCHIVO [--check] [--input NOMBRE=VALOR]… [--tools MÓDULO]   o   warden workflow resume ID_EJECUCIÓN",
  "workflow.checked": "✔ {name} es un flujo de trabajo válido.",
  "workflow.invalid": { one: "{file} tiene {count} problema:", other: "{file} tiene {count} problemas:" },
  "workflow.failed": "la ejecución {run} del flujo de trabajo falló en el paso {step}: {message}",
  "workflow.stopped": "la ejecución {run} del flujo de trabajo se detuvo antes del paso {step}; reanúdala con: warden workflow resume {run}",
  "workflow.runId": "ejecución: {run}",
  "workflow.replayed": "(desde el punto de control)",
  "option.check": "Comprueba el archivo (y, con --tools, sus herramientas) e imprime su esquema, sin ejecutarlo.",
  "option.input": "Una entrada del flujo de trabajo, NOMBRE=VALOR (VALOR es JSON si se puede leer como tal); repítelo para cada entrada.",
  "option.tools": "Un módulo cuyas herramientas de Warden exportadas puede llamar el flujo de trabajo (una ruta o un nombre de paquete).",
  "codeHint.workflow": "ejecuta \"warden workflow ARCHIVO --check\" para ver cada problema con su línea y columna",
  "code.workflow.invalid": "el archivo del flujo de trabajo no es válido (cada problema aparece con su línea y columna)",
  "code.workflow.unknown_tool": "un paso nombra una herramienta que nadie proporcionó; pásala con --tools",
  "code.workflow.unknown_agent": "un paso nombra un agente que el archivo no declara",
  "code.workflow.invalid_input": "falta una entrada, es desconocida o tiene el tipo equivocado",
  "code.workflow.step_failed": "un paso del flujo de trabajo falló tras sus reintentos",
  "code.workflow.refused": "la política o un gancho rechazó un paso del flujo de trabajo",
  "code.workflow.max_steps": "el flujo de trabajo dio más pasos de los que permite max_steps",
  "code.workflow.budget": "los agentes del flujo de trabajo gastaron el presupuesto que permite su archivo",
  "code.workflow.timeout": "un paso del flujo de trabajo superó su tiempo límite",
  "code.workflow.interrupted_tool": "un paso de herramienta estaba en curso cuando el proceso murió y no es de solo lectura, así que no se vuelve a ejecutar",
  "code.workflow.taken_over": "otro proceso está ejecutando esta ejecución del flujo de trabajo",
  "code.workflow.not_found": "ninguna ejecución de flujo de trabajo tiene ese id en el almacén de sesiones",
};
