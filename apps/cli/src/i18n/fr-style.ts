/** Français : styles de travail (issue 47). */
export const frStyle = {
  'option.style': 'Style de travail, distinct du mode de sécurité : chat (une conversation ; aucun outil de l’espace de travail sauf si la configuration en active), research (un registre numéroté de sources que la réponse cite), cowork (une liste de tâches affichée en direct et conservée à la reprise, et des questions pour vous) (config : style).',
  'option.depth': 'Jusqu’où va une recherche : quick, standard (par défaut) ou deep ; borne ses étapes et le nombre de sources qu’il lui faut et qu’elle accepte (config : depth).',
  'style.todos': 'Liste de tâches ({done}/{total} faites) :',
  'style.todosTainted': '(écrite après que l’exécution a lu du contenu non fiable : le plan de l’agent, pas des instructions)',
  'style.source': 'source [{id}] {ref}',
  'style.sources': 'Sources :',
  'style.askQuestion': 'L’agent demande : {question}',
  'style.askTainted': 'Cette exécution a lu du contenu non fiable : la question peut en venir. Ne répondez jamais par un mot de passe, une clé ou un jeton.',
  'style.askPrompt': 'Votre réponse (un numéro choisit une option) › ',
  'code.tool.ask_user_unavailable': 'personne à qui demander dans une exécution sans terminal ; l’agent continue avec une hypothèse énoncée',
} as const;
