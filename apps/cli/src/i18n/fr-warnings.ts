/** Français : les codes d’avertissement du cœur (issue 47). */
export const frWarnings = {
  'warning.core.session_unavailable': 'le stockage des sessions a échoué au début de l’exécution ; cette exécution n’est pas enregistrée',
  'warning.core.session_write_failed': 'l’écriture dans le stockage des sessions a échoué ; les étapes suivantes de cette exécution ne sont pas enregistrées',
  'warning.core.session_repaired': 'le stockage des sessions a réparé quelque chose au chargement de la session',
  'warning.core.interrupted_calls': 'la session reprise contenait des appels d’outils sans résultat ; ils ont été clos comme interrompus',
  'warning.core.approval_call_missing': 'une approbation en attente nomme un appel que la session ne contient pas',
  'warning.core.hook_failed': 'un hook a échoué : l’appel a été bloqué ou sa sortie retenue',
  'warning.core.compaction_failed': 'l’historique n’a pas pu être compacté ; l’exécution continue sans',
  'warning.core.wrap_up_tool_calls_dropped': 'le modèle a demandé des outils à sa dernière étape, qui n’en permet pas ; les appels ont été abandonnés',
  'warning.core.subagent_tools_narrowed': 'un sous-agent n’a pas reçu des outils que son parent n’a pas',
  'warning.core.handoff_tools_narrowed': 'l’agent receveur n’a pas reçu des outils que l’agent cédant n’a pas',
  'warning.core.handoff_agent_missing': 'l’agent qui tenait cette conversation n’est pas déclaré ici ; le premier agent répond',
  'warning.core.handoff_other_user': 'la passation enregistrée a été accordée pour un autre utilisateur ; le premier agent répond',
  'warning.core.handoff_agent_unavailable': 'l’agent qui tenait cette conversation n’a pas pu démarrer ; le premier agent répond',
  'warning.core.handoff_filter_failed': 'le filtre d’historique de la passation a échoué ; l’agent receveur a reçu la conversation telle quelle',
} as const;
