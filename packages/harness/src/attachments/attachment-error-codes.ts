/** Stable codes of `AttachmentError`; pinned by a table test. */
export const ATTACHMENT_ERROR_CODES = {
  'attachment.not_found': 'An attached file does not exist or is not a regular file.',
  'attachment.protected': 'An attached file is a protected path (.env, .env.*, .git, .warden); attach it with force to send it anyway.',
  'attachment.too_large': 'An attached file is over the size limit (default 20 MB).',
  'attachment.too_many_pages': 'An attached document has more pages than the page limit (default 100).',
  'attachment.unsupported_type': 'An attached file is of a kind that cannot be read (binary, not an image, PDF or DOCX).',
  'attachment.parser_missing': 'The optional package that reads this kind of document (unpdf for PDF, mammoth for DOCX) is not installed.',
  'attachment.unreadable': 'An attached document could not be parsed (damaged or encrypted).',
  'attachment.image_unsupported': 'An image was attached but the model cannot see images (its catalogue entry lacks vision).',
} as const;
export type AttachmentErrorCode = keyof typeof ATTACHMENT_ERROR_CODES;
