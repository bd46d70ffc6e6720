/** Spanish: `warden run --attach` and the attachment error codes (@warden/harness). */
export const esAttachments = {
  "option.attach": "Un archivo enviado con la tarea (se puede repetir): texto, Markdown, CSV, JSON, HTML, PDF, DOCX como texto; PNG/JPEG/GIF/WebP como imágenes para un modelo que ve. Su contenido no es fiable (la ejecución queda marcada).",
  "option.attachForce": "Adjunta igualmente las rutas protegidas indicadas con --attach (.env, .env.*, .git, .warden).",
  "code.attachment.not_found": "un archivo adjunto no existe o no es un archivo normal",
  "code.attachment.protected": "un archivo adjunto es una ruta protegida (.env, .env.*, .git, .warden); añada --attach-force para enviarlo igualmente",
  "code.attachment.too_large": "un archivo adjunto supera el límite de tamaño (20 MB)",
  "code.attachment.too_many_pages": "un PDF adjunto tiene más páginas que el límite (100)",
  "code.attachment.unsupported_type": "un archivo adjunto no es texto, HTML, PDF, DOCX ni una imagen PNG/JPEG/GIF/WebP",
  "code.attachment.parser_missing": "leer este documento necesita un paquete opcional que no está instalado (npm install unpdf para PDF, npm install mammoth para DOCX)",
  "code.attachment.unreadable": "no se pudo analizar un documento adjunto (dañado o cifrado)",
  "code.attachment.image_unsupported": "se adjuntó una imagen pero el modelo no puede ver imágenes; elija un modelo con visión",
  "option.allowHost": "warden knowledge add URL: un host que la descarga puede alcanzar aunque sea loopback o privado (rechazado por defecto), p. ej. 127.0.0.1:8080; se puede repetir.",
} as const;
