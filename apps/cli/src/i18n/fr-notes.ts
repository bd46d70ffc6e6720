import type { enNotes } from './en-notes.js';

/** Pourquoi une exécution est devenue contaminée et pourquoi un transfert a été refusé, selon les ids des bibliothèques. */
export const frNotes: Record<keyof typeof enNotes, string> = {
  'taint.open_world_tool': '{tool} renvoie du contenu du monde ouvert',
  'taint.outside_tool': '{tool} renvoie du contenu venu de l\'extérieur de l\'espace de travail',
  'taint.repository_content': '{tool} a renvoyé du contenu du dépôt (noms, sortie ou skills) que l\'utilisateur n\'a pas écrit',
  'taint.unwritten_file': '{tool} a lu {path}, que cette exécution n\'a pas écrit',
  'taint.unwritten_files': '{tool} a lu des fichiers que cette exécution n\'a pas écrits',
  'taint.injection.ignore_instructions': 'la sortie de {tool} demande d\'ignorer les instructions précédentes',
  'taint.injection.new_instructions': 'la sortie de {tool} prétend donner de nouvelles instructions',
  'taint.injection.addresses_model': 'la sortie de {tool} s\'adresse directement au modèle',
  'taint.injection.role_change': 'la sortie de {tool} tente de changer le rôle du modèle',
  'taint.injection.reveal_secrets': 'la sortie de {tool} demande de révéler des secrets',
  'taint.injection.contact_address': 'la sortie de {tool} demande de contacter une adresse',
  'taint.injection.hide_actions': 'la sortie de {tool} demande de cacher des actions à l\'utilisateur',
  'taint.injection.template_markers': 'la sortie de {tool} contient des marqueurs de modèle de chat',
  'taint.session_history': 'la conversation enregistrée contient une sortie d\'outil lue avant cette exécution',
  'taint.memory_file': 'le fichier mémoire du projet {file} est du contenu du dépôt lu dans le prompt système',
  'taint.skills_list': 'les noms et descriptions des skills sont du contenu du dépôt lu dans le prompt système',
  'taint.mcp_descriptions': 'les descriptions d\'outils du serveur MCP non fiable {server} sont dans le contexte du modèle',
  'taint.untrusted_task': 'le texte de la tâche vient d\'ailleurs que de l\'utilisateur (matériel de sonde, un ticket, un message)',
  'taint.memory_recall': 'recall a renvoyé des faits mémorisés après du contenu non fiable',
  'handoffRefusal.run.max_handoffs': 'cette exécution a atteint sa limite de {limit} transferts',
  'handoffRefusal.run.handoff_refused': 'un transfert vers {to} a déjà été accordé à cette étape',
  'handoffRefusal.handoff.wrong_agent': 'le transfert est adressé à {to}, ici c\'est {agent}',
  'handoffRefusal.protocol.too_large': 'l\'enregistrement du transfert dépasse la taille permise par le protocole',
  'handoffRefusal.protocol.invalid_value': 'l\'enregistrement du transfert n\'est pas du JSON valide ou ne respecte pas le schéma',
};
