/** English: `warden run --attach` and the attachment error codes (@warden/harness). */
export const enAttachments = {
  "option.attach": "A file sent with the task (repeatable): text, Markdown, CSV, JSON, HTML, PDF, DOCX as text; PNG/JPEG/GIF/WebP as images for a model that sees. Its content is untrusted (the run is tainted).",
  "option.attachForce": "Attach protected paths named with --attach (.env, .env.*, .git, .warden) anyway.",
  "code.attachment.not_found": "an attached file does not exist or is not a regular file",
  "code.attachment.protected": "an attached file is a protected path (.env, .env.*, .git, .warden); add --attach-force to send it anyway",
  "code.attachment.too_large": "an attached file is over the size limit (20 MB)",
  "code.attachment.too_many_pages": "an attached PDF has more pages than the limit (100)",
  "code.attachment.unsupported_type": "an attached file is not text, HTML, PDF, DOCX or a PNG/JPEG/GIF/WebP image",
  "code.attachment.parser_missing": "reading this document needs an optional package that is not installed (npm install unpdf for PDF, npm install mammoth for DOCX)",
  "code.attachment.unreadable": "an attached document could not be parsed (damaged or encrypted)",
  "code.attachment.image_unsupported": "an image was attached but the model cannot see images; choose a model with vision",
  "option.allowHost": "warden knowledge add URL: a host the fetch may reach although it is loopback or private (refused by default), e.g. 127.0.0.1:8080; may be repeated.",
} as const;
