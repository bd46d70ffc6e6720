/** French: `warden run --attach` and the attachment error codes (@warden/harness). */
export const frAttachments = {
  "option.attach": "Un fichier envoyé avec la tâche (répétable) : texte, Markdown, CSV, JSON, HTML, PDF, DOCX en texte ; PNG/JPEG/GIF/WebP en images pour un modèle qui voit. Son contenu n'est pas fiable (l'exécution est marquée).",
  "option.attachForce": "Joint quand même les chemins protégés nommés par --attach (.env, .env.*, .git, .warden).",
  "code.attachment.not_found": "un fichier joint n'existe pas ou n'est pas un fichier ordinaire",
  "code.attachment.protected": "un fichier joint est un chemin protégé (.env, .env.*, .git, .warden) ; ajoutez --attach-force pour l'envoyer quand même",
  "code.attachment.too_large": "un fichier joint dépasse la taille maximale (20 Mo)",
  "code.attachment.too_many_pages": "un PDF joint a plus de pages que la limite (100)",
  "code.attachment.unsupported_type": "un fichier joint n'est ni du texte, ni du HTML, ni un PDF, ni un DOCX, ni une image PNG/JPEG/GIF/WebP",
  "code.attachment.parser_missing": "lire ce document nécessite un paquet optionnel non installé (npm install unpdf pour PDF, npm install mammoth pour DOCX)",
  "code.attachment.unreadable": "un document joint n'a pas pu être analysé (endommagé ou chiffré)",
  "code.attachment.image_unsupported": "une image est jointe mais le modèle ne voit pas les images ; choisissez un modèle avec vision",
  "option.allowHost": "warden knowledge add URL : un hôte que la récupération peut atteindre bien qu'il soit loopback ou privé (refusé par défaut), p. ex. 127.0.0.1:8080 ; peut être répété.",
} as const;
